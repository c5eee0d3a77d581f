// The double-arithmetic product: taken only where exact (the 2^53 bound, at its edge), and then
// equal to the sequential 64-bit product for every shape of tile remainder (rows not a multiple
// of 4, columns not a multiple of 8), with magnitudes at the bound.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "matmul/baselines.hpp"
#include "matmul/double_product.hpp"
#include "matmul_model.hpp"

namespace mm = pgasmr::apps::matmul;
namespace ds = pgasmr::datasets;
using pgasmr::apps::matmul::test::sample_matrix;

namespace {

constexpr std::int64_t two_to(int power) { return std::int64_t{1} << power; }

/// Rows [first, first + count) of A B through DoubleProduct, its panels packed in two shares.
std::vector<std::int64_t> double_rows(const ds::IntegerTable& a, const ds::IntegerTable& b, std::size_t first,
                                      std::size_t count) {
  std::vector<std::int64_t> rows(count * b.columns, -1);
  mm::DoubleProduct product(a, b);
  const std::size_t half = product.panels() / 2;
  product.pack(half, product.panels());
  product.pack(0, half);
  product.multiply_rows(first, rows);
  return rows;
}

void expect_exact(const ds::IntegerTable& a, const ds::IntegerTable& b) {
  ASSERT_TRUE(mm::exact_in_doubles(a, b));
  const auto expected = mm::multiply_sequential(a, b);
  EXPECT_EQ(double_rows(a, b, 0, a.rows), expected.values) << a.rows << "x" << a.columns << "x" << b.columns;
  if (a.rows > 2) {  // a band that starts inside the matrix
    std::vector<std::int64_t> middle(expected.values.begin() + static_cast<std::ptrdiff_t>(b.columns),
                                     expected.values.begin() + static_cast<std::ptrdiff_t>(2 * b.columns));
    EXPECT_EQ(double_rows(a, b, 1, 1), middle);
  }
}

}  // namespace

TEST(DoubleProduct, TakenOnlyWithinTwoToThe53) {
  EXPECT_TRUE(mm::exact_in_doubles({1, 1, {two_to(26)}}, {1, 1, {-two_to(27)}}));
  EXPECT_FALSE(mm::exact_in_doubles({1, 1, {two_to(26)}}, {1, 1, {two_to(27) + 1}}));
  EXPECT_TRUE(mm::exact_in_doubles({1, 2, {two_to(26), 0}}, {2, 1, {two_to(26), 1}}));
  EXPECT_FALSE(mm::exact_in_doubles({1, 2, {two_to(26), 0}}, {2, 1, {two_to(26) + 1, 1}}));
  EXPECT_FALSE(mm::exact_in_doubles({1, 1, {INT64_MIN}}, {1, 1, {1}}));
  EXPECT_TRUE(mm::exact_in_doubles({1, 1, {INT64_MAX}}, {1, 1, {0}}));  // every product is 0
}

TEST(DoubleProduct, EqualsTheIntegerProductForEveryTileRemainder) {
  for (std::size_t rows : {1u, 3u, 4u, 5u, 17u})
    for (std::size_t k : {1u, 2u, 9u})
      for (std::size_t columns : {1u, 7u, 8u, 9u, 23u})
        expect_exact(sample_matrix(rows, k, 1000, rows * 7 + k), sample_matrix(k, columns, 1000, columns * 3 + k));
}

TEST(DoubleProduct, ExactAtTheBound) {
  // K x spread^2 <= 2^53 with the spread as large as it can be: sums near 2^53, odd values.
  constexpr std::size_t k = 33;
  const auto spread = static_cast<std::int64_t>(std::sqrt(static_cast<double>(two_to(53)) / k));
  ASSERT_LE(static_cast<double>(k) * static_cast<double>(spread) * static_cast<double>(spread), 0x1p53);
  expect_exact(sample_matrix(13, k, spread, 5), sample_matrix(k, 11, spread, 6));
  // Every term at the extreme: the sum is exactly 2^53.
  const ds::IntegerTable a{1, 2, {two_to(26), two_to(26)}}, b{2, 1, {two_to(26), two_to(26)}};
  EXPECT_EQ(double_rows(a, b, 0, 1), (std::vector<std::int64_t>{two_to(53)}));
  // Products whose sum cancels: 2^52 - 2^52 + 1 must not lose the 1.
  const ds::IntegerTable c{1, 3, {two_to(26), -two_to(26), 1}}, d{3, 1, {two_to(26), two_to(26), 1}};
  EXPECT_EQ(double_rows(c, d, 0, 1), (std::vector<std::int64_t>{1}));
}

TEST(DoubleProduct, EmptyShapes) {
  EXPECT_TRUE(double_rows({2, 0, {}}, {0, 3, {}}, 0, 2) == std::vector<std::int64_t>(6, 0));
  EXPECT_TRUE(double_rows({2, 3, std::vector<std::int64_t>(6, 1)}, {3, 0, {}}, 0, 2).empty());
}
