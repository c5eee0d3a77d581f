// Linear regression: the engine against the sequential baseline (bit for bit) at every thread
// count, distribution and reduce mode, exactness where plain sums fail, and the baselines.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/pairs.hpp>

#include "apps/engine_choices.hpp"
#include "common/job_timer.hpp"
#include "datasets/scratch_dir.hpp"
#include "linreg/baselines.hpp"
#include "linreg/engine_linreg.hpp"
#include "support/spmd.hpp"

namespace apps = pgasmr::apps;
namespace ds = pgasmr::datasets;
namespace lr = pgasmr::apps::linreg;

namespace {

void write_points(const std::filesystem::path& path, const std::vector<ds::Point>& points) {
  std::string bytes;
  for (const auto& point : points)
    for (double value : {point.x, point.y}) {
      auto bits = std::bit_cast<std::uint64_t>(value);
      for (int i = 0; i < 8; ++i) bytes += static_cast<char>(bits >> (8 * i));
    }
  pgasmr::test::write_file(path, bytes);
}

lr::PairsInput load(const std::filesystem::path& path, const char* format = "float64") {
  auto options = apps::parse_options({path.string(), "--format", format},
                                     {.operands = "PAIRS", .flags = {{.name = "--format", .value_name = "F"}}});
  return lr::load_pairs(options);
}

/// Runs the engine with every distribution and reduce mode at every thread count; thread 0
/// compares with `expected` bit for bit.
void expect_engine_everywhere(const lr::PairsInput& input, const lr::Regression& expected) {
  pgasmr::test::for_each_thread_count([&](pgasmr::pgas::Context& me) {
    for (const auto& choice : pgasmr::apps::test::every_choice()) {
      apps::JobTimer timer(me);
      auto result = lr::regression_engine(me, input, choice, timer);
      EXPECT_EQ(result.has_value(), me.thread() == 0);
      if (result) {
        EXPECT_EQ(lr::describe_difference(expected, *result), "") << pgasmr::apps::test::describe(choice);
      }
    }
  });
}

}  // namespace

TEST(Linreg, HandComputedLine) {
  pgasmr::test::ScratchDir dir;
  write_points(dir / "line", {{0, 1}, {1, 3}, {2, 5}});
  auto result = lr::regression_sequential(load(dir / "line"));
  EXPECT_EQ(lr::format_regression(result), "n\t3\nsx\t3\nsy\t9\nsxx\t5\nsyy\t35\nsxy\t13\nslope\t2\nintercept\t1\n");
}

TEST(Linreg, SumsAreExactWherePlainSumsFail) {
  pgasmr::test::ScratchDir dir;
  // Left to right, plain double sums give sx = 0 and sy = 0.
  write_points(dir / "cancel", {{1e100, 0.5}, {1.0, -1e20}, {-1e100, 1e20}});
  auto input = load(dir / "cancel");
  auto expected = lr::regression_sequential(input);
  EXPECT_EQ(expected.sums[lr::sx], 1.0);
  EXPECT_EQ(expected.sums[lr::sy], 0.5);
  expect_engine_everywhere(input, expected);
}

TEST(Linreg, EngineAndBaselinesAgreeBitForBitOnGeneratedPoints) {
  pgasmr::test::ScratchDir dir;
  // Over two blocks of points, so that the distributions have something to spread.
  ds::generate_pairs(dir / "pairs", {.seed = 7, .points = 2 * lr::points_per_block + 123});
  auto input = load(dir / "pairs");
  auto expected = lr::regression_sequential(input);
  EXPECT_EQ(expected.n, 2 * lr::points_per_block + 123);
  EXPECT_NEAR(expected.slope, 3.0, 0.01);
  for (std::size_t threads : {1u, 2u, 3u, 8u})
    EXPECT_EQ(lr::describe_difference(expected, lr::regression_phoenix_like(input, threads)), "") << threads;
  expect_engine_everywhere(input, expected);
}

TEST(Linreg, PhoenixBytePairs) {
  pgasmr::test::ScratchDir dir;
  pgasmr::test::write_file(dir / "bytes", std::string{0, 1, 1, 3, 2, 5, -128, 127});
  auto result = lr::regression_sequential(load(dir / "bytes", "phoenix"));
  EXPECT_EQ(result.n, 4u);
  EXPECT_EQ(result.sums[lr::sx], -125.0);  // signed bytes: -128 counts as -128
  EXPECT_EQ(result.sums[lr::syy], 1.0 + 9 + 25 + 127 * 127);
}

TEST(Linreg, PhoenixBytePairsSummedInIntegersAgreeBitForBit) {
  pgasmr::test::ScratchDir dir;
  // Over two blocks, each summed in integer pieces by the engine and the Phoenix-like baseline.
  ds::generate_pairs(dir / "bytes",
                     {.seed = 3, .points = 2 * lr::points_per_block + 77, .format = ds::PairFormat::phoenix});
  auto input = load(dir / "bytes", "phoenix");
  auto expected = lr::regression_sequential(input);
  for (std::size_t threads : {1u, 2u, 3u})
    EXPECT_EQ(lr::describe_difference(expected, lr::regression_phoenix_like(input, threads)), "") << threads;
  expect_engine_everywhere(input, expected);
}

TEST(Linreg, PhoenixBytePairsKeepTheSignOfAZeroSum) {
  pgasmr::test::ScratchDir dir;
  // Every x*y is 0 * negative: -0.0, so sxy is -0.0 (IEEE addition), not the integer sum's +0.0.
  pgasmr::test::write_file(dir / "minus", std::string{0, -1, -3, 0, 0, -128});
  auto minus = load(dir / "minus", "phoenix");
  auto expected = lr::regression_sequential(minus);
  EXPECT_TRUE(std::signbit(expected.sums[lr::sxy]));
  EXPECT_EQ(lr::describe_difference(expected, lr::regression_phoenix_like(minus, 2)), "");
  expect_engine_everywhere(minus, expected);
  // One +0.0 product among them makes the sum +0.0.
  pgasmr::test::write_file(dir / "plus", std::string{0, -1, 0, 1});
  auto plus = load(dir / "plus", "phoenix");
  EXPECT_FALSE(std::signbit(lr::regression_sequential(plus).sums[lr::sxy]));
  EXPECT_EQ(lr::describe_difference(lr::regression_sequential(plus), lr::regression_phoenix_like(plus, 1)), "");
}

TEST(Linreg, BadInputsAreRefused) {
  pgasmr::test::ScratchDir dir;
  pgasmr::test::write_file(dir / "empty", "");
  pgasmr::test::write_file(dir / "odd", std::string(17, 'x'));
  pgasmr::test::expect_throw_containing<ds::input_error>([&] { load(dir / "empty"); }, "has no points");
  pgasmr::test::expect_throw_containing<ds::input_error>([&] { load(dir / "odd"); },
                                                         "not a whole number of 16-byte points (17 bytes)");
  pgasmr::test::expect_throw_containing<ds::input_error>([&] { load(dir / "odd", "phoenix"); },
                                                         "not a whole number of 2-byte points");
  pgasmr::test::expect_throw_containing<apps::usage_error>([&] { load(dir / "odd", "text"); },
                                                           "float64 or phoenix, got 'text'");
}
