// linreg's oneTBB baseline against the sequential one, bit for bit (label tbb: TSan runs skip it).

#include <gtest/gtest.h>

#include <pgasmr/datasets/pairs.hpp>

#include "datasets/scratch_dir.hpp"
#include "linreg/baselines.hpp"
#include "linreg/tbb_baseline.hpp"

namespace apps = pgasmr::apps;
namespace lr = pgasmr::apps::linreg;

TEST(LinregTbb, AgreesWithTheSequentialBaseline) {
  pgasmr::test::ScratchDir dir;
  pgasmr::datasets::generate_pairs(dir / "pairs", {.seed = 3, .points = 3 * lr::points_per_block + 5});
  auto options = apps::parse_options({(dir / "pairs").string()}, {.operands = "PAIRS", .flags = {{.name = "--format"}}});
  auto input = lr::load_pairs(options);
  auto expected = lr::regression_sequential(input);
  for (std::size_t threads : {1u, 2u, 3u, 8u})
    EXPECT_EQ(lr::describe_difference(expected, lr::regression_tbb(input, threads)), "") << threads;
}
