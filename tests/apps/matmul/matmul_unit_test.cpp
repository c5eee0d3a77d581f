// Matrix multiply's parts: the load-time checks (shapes, exactness), the row kernel and the
// baselines against a hand-computed product and algebraic identities, the output format and
// the comparison.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/matrix.hpp>

#include "datasets/scratch_dir.hpp"
#include "matmul/baselines.hpp"
#include "matmul/engine_matmul.hpp"
#include "matmul/product.hpp"
#include "matmul_model.hpp"

namespace mm = pgasmr::apps::matmul;
namespace ds = pgasmr::datasets;
using pgasmr::apps::matmul::test::equal;
using pgasmr::apps::matmul::test::hand_a;
using pgasmr::apps::matmul::test::hand_b;
using pgasmr::apps::matmul::test::hand_product;
using pgasmr::apps::matmul::test::sample_matrix;

namespace {

std::string refusal(const ds::IntegerTable& a, const ds::IntegerTable& b) {
  try {
    mm::check_factors(a, b, "a.csv", "b.csv");
  } catch (const ds::input_error& e) {
    return e.what();
  }
  return "";
}

ds::IntegerTable identity(std::size_t n) {
  ds::IntegerTable m{n, n, std::vector<std::int64_t>(n * n)};
  for (std::size_t i = 0; i < n; ++i) m.values[i * n + i] = 1;
  return m;
}

}  // namespace

TEST(MatmulCheck, ShapesMustChain) {
  EXPECT_EQ(refusal(hand_a(), hand_b()), "");
  EXPECT_EQ(refusal(hand_a(), hand_a()), "cannot multiply 'a.csv' (2x3) by 'b.csv' (2x3): A's columns must equal B's rows");
}

TEST(MatmulCheck, RefusesMagnitudesThatCouldOverflow) {
  constexpr auto max = std::numeric_limits<std::int64_t>::max();
  EXPECT_EQ(refusal({1, 1, {max}}, {1, 1, {-1}}), "");
  EXPECT_EQ(refusal({1, 2, {max / 2, 0}}, {2, 1, {1, -1}}), "");
  EXPECT_EQ(refusal({1, 2, {max / 2 + 1, 0}}, {2, 1, {1, 0}}),
            "'a.csv' x 'b.csv': 2 terms x largest magnitudes 4611686018427387904 and 1 could overflow 64 bits");
  EXPECT_NE(refusal({1, 1, {std::numeric_limits<std::int64_t>::min()}}, {1, 1, {1}}), "");
  EXPECT_NE(refusal({1, 3, {3037000500, 0, 0}}, {3, 1, {3037000500, 0, 0}}), "");
}

TEST(MatmulCheck, AZeroFactorBoundsEverySumByZero) {
  // K x max|A| alone overflows; with B all zeros every sum is 0.
  constexpr auto min = std::numeric_limits<std::int64_t>::min();
  EXPECT_EQ(refusal({1, 2, {min, 3}}, {2, 1, {0, 0}}), "");
  EXPECT_EQ(refusal({2, 1, {0, 0}}, {1, 2, {min, min}}), "");
  EXPECT_EQ(mm::product_bound({1, 2, {min, 3}}, {2, 1, {0, 0}}), 0u);
  EXPECT_TRUE(equal(mm::multiply_sequential({1, 2, {min, 3}}, {2, 1, {0, 0}}), {1, 1, {0}}));
}

TEST(MatmulBaselines, HandComputedProduct) {
  EXPECT_TRUE(equal(mm::multiply_sequential(hand_a(), hand_b()), hand_product()));
  for (std::size_t threads : {1u, 2u, 3u, 8u})
    EXPECT_TRUE(equal(mm::multiply_phoenix_like(hand_a(), hand_b(), threads), hand_product())) << threads;
  std::vector<std::int64_t> row(2, 99);
  mm::multiply_row(hand_a(), hand_b(), 1, row);
  EXPECT_EQ(row, (std::vector<std::int64_t>{-9, 3}));
}

TEST(MatmulBaselines, IdentitiesAndAssociativity) {
  const auto a = sample_matrix(9, 6, 50, 1);
  const auto b = sample_matrix(6, 4, 50, 2);
  const auto v = sample_matrix(4, 1, 50, 3);
  EXPECT_TRUE(equal(mm::multiply_sequential(a, identity(6)), a));
  EXPECT_TRUE(equal(mm::multiply_sequential(identity(9), a), a));
  EXPECT_TRUE(equal(mm::multiply_sequential(mm::multiply_sequential(a, b), v),
                    mm::multiply_sequential(a, mm::multiply_sequential(b, v))));
  for (std::size_t threads : {1u, 3u, 8u})
    EXPECT_TRUE(equal(mm::multiply_phoenix_like(a, b, threads), mm::multiply_sequential(a, b))) << threads;
}

TEST(MatmulBaselines, PhoenixLikeInIntAndInSixtyFourBits) {
  // 46340^2 fits an int, twice that does not: one term takes Phoenix++'s int, two 64 bits.
  const std::int64_t near = 46340;
  for (std::size_t terms : {1u, 2u}) {
    const ds::IntegerTable a{3, terms, std::vector<std::int64_t>(3 * terms, near)};
    const ds::IntegerTable b{terms, 5, std::vector<std::int64_t>(5 * terms, -near)};
    for (std::size_t threads : {1u, 3u})
      EXPECT_TRUE(equal(mm::multiply_phoenix_like(a, b, threads), mm::multiply_sequential(a, b))) << terms;
  }
  // Entries beyond an int, times zeros: a product that fits, from factors that do not.
  const ds::IntegerTable huge{2, 2, {std::int64_t{1} << 40, -(std::int64_t{1} << 40), 7, 1}};
  const ds::IntegerTable zeros{2, 3, std::vector<std::int64_t>(6, 0)};
  EXPECT_TRUE(equal(mm::multiply_phoenix_like(huge, zeros, 2), mm::multiply_sequential(huge, zeros)));
  const auto wide = sample_matrix(7, 40, 1000000, 4), tall = sample_matrix(40, 3, 1000000, 5);
  EXPECT_TRUE(equal(mm::multiply_phoenix_like(wide, tall, 2), mm::multiply_sequential(wide, tall)));
}

TEST(MatmulRows, AddElementByElementWithEmptyAsIdentity) {
  const mm::add_rows add;
  EXPECT_EQ(add({1, 2}, {10, -20}), (std::vector<std::int64_t>{11, -18}));
  EXPECT_EQ(add({}, {3, 4}), (std::vector<std::int64_t>{3, 4}));
  EXPECT_EQ(add({3, 4}, {}), (std::vector<std::int64_t>{3, 4}));
}

TEST(MatmulFormat, CsvRowsAndSummary) {
  EXPECT_EQ(mm::format_product(hand_product()), "19,-8\n-9,3\n");
  EXPECT_EQ(mm::summarize_product(hand_product(), 1), "a 2x2 product; its first 1 rows:\n  19,-8\n");
  const auto wide = sample_matrix(1, 10, 0, 1);
  EXPECT_EQ(mm::summarize_product(wide, 5), "a 1x10 product; its first 1 rows:\n  0,0,0,0,0,0,0,0,...\n");
}

TEST(MatmulDifference, NamesTheEntries) {
  EXPECT_EQ(mm::describe_difference(hand_product(), hand_product()), "");
  auto other = hand_product();
  other.values[1] = 8;
  other.values[2] = 0;
  EXPECT_EQ(mm::describe_difference(hand_product(), other), "(0, 1): 8 instead of -8; (1, 0): 0 instead of -9");
  EXPECT_EQ(mm::describe_difference(hand_product(), hand_a()), "2x3 instead of 2x2");
}

TEST(MatmulLoad, CsvAndBinaryFactors) {
  pgasmr::test::ScratchDir dir;
  pgasmr::test::write_file(dir / "a.csv", "1,-2,3\n0,4,-1\n");
  std::string b = ds::binary_matrix_header(3, 2);
  for (auto value : hand_b().values)
    for (int byte = 0; byte < 8; ++byte) b.push_back(static_cast<char>(static_cast<std::uint64_t>(value) >> (8 * byte)));
  pgasmr::test::write_file(dir / "b.bin", b);
  auto factors = mm::load_factors(dir / "a.csv", dir / "b.bin");
  EXPECT_TRUE(equal(factors.a, hand_a()));
  EXPECT_TRUE(equal(factors.b, hand_b()));
  EXPECT_EQ(factors.file_bytes, 14u + 24u + 48u);
  pgasmr::test::expect_throw_containing<ds::input_error>([&] { mm::load_factors(dir / "b.bin", dir / "b.bin"); },
                                                         "b.bin' (3x2) by '");
}
