// Integer matrices: the binary format (round trip, every refusal) and the seeded generator
// (deterministic, the same numbers in both formats, values within [-max, max]).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/matrix.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::expect_throw_containing;
using pgasmr::test::ScratchDir;

std::string binary(std::uint64_t rows, std::uint64_t columns, const std::vector<std::int64_t>& values) {
  auto bytes = ds::binary_matrix_header(rows, columns);
  for (auto value : values)
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>(static_cast<std::uint64_t>(value) >> (8 * i)));
  return bytes;
}

ds::IntegerTable parse(const std::string& bytes) {
  return ds::parse_binary_matrix(std::as_bytes(std::span(bytes.data(), bytes.size())), "m.bin");
}

TEST(BinaryMatrix, HeaderLayout) {
  EXPECT_EQ(ds::binary_matrix_header(2, 258), std::string("PGMRMAT1\x02\0\0\0\0\0\0\0\x02\x01\0\0\0\0\0\0", 24));
}

TEST(BinaryMatrix, RoundTrip) {
  const std::vector<std::int64_t> values = {1, -2, INT64_MIN, INT64_MAX, 0, 300};
  auto table = parse(binary(2, 3, values));
  EXPECT_EQ(table.rows, 2u);
  EXPECT_EQ(table.columns, 3u);
  EXPECT_EQ(table.values, values);
}

TEST(BinaryMatrix, Refusals) {
  expect_throw_containing<ds::input_error>([] { parse("PGMRMAT1\x01"); }, "'m.bin': truncated binary matrix header");
  expect_throw_containing<ds::input_error>([] { parse(binary(0, 3, {})); },
                                           "'m.bin': a binary matrix of 0x3 (rows and columns must be at least 1)");
  expect_throw_containing<ds::input_error>([] { parse(binary(2, 3, {1, 2, 3, 4, 5})); },
                                           "'m.bin': binary matrix of 2x3 needs 72 bytes, the file has 64");
  expect_throw_containing<ds::input_error>([] { parse(binary(1, 1, {1, 2})); },
                                           "binary matrix of 1x1 needs 32 bytes, the file has 40");
  expect_throw_containing<ds::input_error>([] { parse(binary(1, 2, {1, 2}) + "x"); }, "needs 40 bytes, the file has 41");
  expect_throw_containing<ds::input_error>([] { parse(binary(std::uint64_t{1} << 32, std::uint64_t{1} << 32, {})); },
                                           "needs more than 2^64 bytes");
  expect_throw_containing<ds::input_error>([] { parse(binary(std::uint64_t{1} << 61, 1, {})); },
                                           "needs more than 2^64 bytes");
}

TEST(IntegerMatrix, ReadsEitherFormat) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "m.bin", binary(1, 2, {7, -7}));
  pgasmr::test::write_file(dir / "m.csv", "7,-7\n");
  pgasmr::test::write_file(dir / "almost.csv", "PGMRMAT\n");
  EXPECT_EQ(ds::read_integer_matrix(dir / "m.bin").values, (std::vector<std::int64_t>{7, -7}));
  EXPECT_EQ(ds::read_integer_matrix(dir / "m.csv").values, (std::vector<std::int64_t>{7, -7}));
  expect_throw_containing<ds::input_error>([&] { ds::read_integer_matrix(dir / "almost.csv"); },
                                           "almost.csv' line 1: 'PGMRMAT' is not an integer");
  expect_throw_containing<ds::input_error>([&] { ds::read_integer_matrix(dir / "absent"); }, "cannot open");
}

TEST(GenerateMatrix, DeterministicAndTheSameInBothFormats) {
  ScratchDir dir;
  ds::MatrixOptions options{.seed = 3, .rows = 5, .columns = 7, .max_value = 9};
  ds::generate_matrix(dir / "a.csv", options);
  ds::generate_matrix(dir / "b.csv", options);
  options.format = ds::MatrixFormat::binary;
  ds::generate_matrix(dir / "a.bin", options);
  options.seed = 4;
  ds::generate_matrix(dir / "c.bin", options);

  EXPECT_EQ(pgasmr::test::read_file(dir / "a.csv"), pgasmr::test::read_file(dir / "b.csv"));
  const auto csv = ds::read_integer_csv(dir / "a.csv");
  const auto bin = ds::read_integer_matrix(dir / "a.bin");
  EXPECT_EQ(csv.rows, 5u);
  EXPECT_EQ(csv.columns, 7u);
  EXPECT_EQ(csv.values, bin.values);
  EXPECT_NE(ds::read_integer_matrix(dir / "c.bin").values, bin.values);
  EXPECT_EQ(std::filesystem::file_size(dir / "a.bin"), 24u + 5 * 7 * 8);
  EXPECT_TRUE(std::ranges::all_of(csv.values, [](std::int64_t v) { return v >= -9 && v <= 9; }));
}

TEST(GenerateMatrix, ReachesBothEndsOfTheRange) {
  ScratchDir dir;
  ds::generate_matrix(dir / "m.csv", {.seed = 1, .rows = 40, .columns = 50, .max_value = 2});
  auto values = ds::read_integer_csv(dir / "m.csv").values;
  for (std::int64_t v = -2; v <= 2; ++v) EXPECT_EQ(std::ranges::count(values, v) > 300, true) << v;
  ds::generate_matrix(dir / "zero.csv", {.rows = 2, .columns = 2, .max_value = 0});
  EXPECT_EQ(pgasmr::test::read_file(dir / "zero.csv"), "0,0\n0,0\n");
}

TEST(GenerateMatrix, RefusesImpossibleShapes) {
  ScratchDir dir;
  EXPECT_THROW(ds::generate_matrix(dir / "m.csv", {.rows = 0, .columns = 3}), std::invalid_argument);
  EXPECT_THROW(ds::generate_matrix(dir / "m.csv", {.rows = 3, .columns = 0}), std::invalid_argument);
  EXPECT_THROW(ds::generate_matrix(dir / "m.csv", {.rows = 1, .columns = 1, .max_value = (std::uint64_t{1} << 62) + 1}),
               std::invalid_argument);
  EXPECT_TRUE(dir.entries().empty());
}

}  // namespace
