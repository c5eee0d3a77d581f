// PCA's parts: the numbering of the pairs of rows and their tiles, the exactness check at load,
// the output format, and the sequential and Phoenix-like baselines against hand-computed and
// modelled statistics.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/matrix.hpp>

#include "datasets/scratch_dir.hpp"

#include "matrix_model.hpp"
#include "pca/baselines.hpp"
#include "pca/covariance.hpp"

namespace pca = pgasmr::apps::pca;
namespace ds = pgasmr::datasets;

namespace {

// The matrix of tests/apps/pca/data/small.csv, worked out in its README.
ds::IntegerTable hand_matrix() { return {3, 4, {1, 2, 3, 4, 8, 6, 4, 2, -3, 5, 0, 2}}; }

pca::PcaResult hand_result() { return {3, 4, {10, 20, 4}, {30, 40, 15, 120, 10, 38}}; }

std::string refusal(const ds::IntegerTable& matrix) {
  try {
    pca::check_computable(matrix, "m.csv");
  } catch (const ds::input_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(PcaPairs, NumberedAlongTheUpperTriangle) {
  for (std::size_t rows : {1u, 2u, 3u, 7u, 100u}) {
    std::size_t index = 0;
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = i; j < rows; ++j, ++index) {
        ASSERT_EQ(pca::pair_index({i, j}, rows), index) << rows << " rows";
        ASSERT_EQ(pca::pair_at(index, rows), (pca::RowPair{i, j})) << rows << " rows";
      }
    EXPECT_EQ(index, pca::pair_count(rows));
  }
}

TEST(PcaPairs, TilesCoverEveryPairOnce) {
  for (std::size_t rows : {1u, 2u, 7u, 8u, 9u, 16u, 17u, 100u}) {
    const pca::PairTiles tiles(rows);
    std::vector<int> seen(pca::pair_count(rows));
    for (std::size_t t = 0; t < tiles.size(); ++t) {
      const auto tile = tiles[t];
      ASSERT_LE(tile.first_i, tile.first_j);
      std::size_t pairs = 0;
      std::size_t last_index = 0;
      pca::for_each_pair(tile, [&](pca::RowPair pair, std::size_t slot) {
        ASSERT_LE(pair.i, pair.j);
        ASSERT_LT(pair.j, rows);
        ASSERT_LT(slot, pca::tile_rows * pca::tile_rows);
        const auto index = pca::pair_index(pair, rows);
        if (pairs++ > 0) {
          ASSERT_GT(index, last_index) << "pair_index order";
        }
        last_index = index;
        ++seen[index];
      });
      ASSERT_EQ(pairs, pca::pair_count(tile)) << rows << " rows, tile " << t;
    }
    for (std::size_t p = 0; p < seen.size(); ++p) ASSERT_EQ(seen[p], 1) << rows << " rows, pair " << p;
  }
}

TEST(PcaPairs, TileSumsAreTheProductSumsOfItsPairs) {
  // Columns around the kernel's 4-column steps and 128-column slices; values up to the largest a
  // checked matrix of that many columns may hold, every third one at that bound, of both signs.
  for (std::size_t columns : {2u, 3u, 5u, 127u, 128u, 133u, 300u}) {
    const auto largest = static_cast<std::int64_t>(pca::largest_column_magnitude_product / columns);
    for (std::int64_t bound : {std::int64_t{1000}, largest}) {
      auto matrix = pgasmr::apps::pca::test::sample_matrix(19, columns, bound, columns);
      for (std::size_t k = 0; k < matrix.values.size(); k += 3) matrix.values[k] = k % 2 ? -bound : bound;
      ASSERT_EQ(refusal(matrix), "");
      const pca::PairTiles tiles(matrix.rows);
      for (std::size_t t = 0; t < tiles.size(); ++t) {
        const auto tile = tiles[t];
        pca::TileSums sums;
        pca::tile_product_sums(matrix, tile, sums);
        pca::for_each_pair(tile, [&](pca::RowPair pair, std::size_t slot) {
          EXPECT_EQ(sums[slot], pca::product_sum(matrix.row(pair.i), matrix.row(pair.j)))
              << columns << " columns, bound " << bound << ", pair (" << pair.i << ", " << pair.j << ")";
        });
      }
    }
  }
}

TEST(PcaCheck, RefusesOneColumn) {
  EXPECT_EQ(refusal({3, 1, {1, 2, 3}}), "'m.csv': PCA needs at least 2 columns (the sample covariance divides by n - 1)");
}

TEST(PcaCheck, RefusesMagnitudesThatCouldOverflow) {
  // 4 columns: the largest magnitude allowed is (2^31 - 1) / 4 = 536870911.
  EXPECT_EQ(refusal({1, 4, {0, 536870911, -536870911, 1}}), "");
  EXPECT_EQ(refusal({1, 4, {0, 1, -536870912, 0}}),
            "'m.csv': 4 columns x largest magnitude 536870912 exceed 2147483647: the covariance could overflow 64 bits");
  EXPECT_NE(refusal({1, 2, {std::numeric_limits<std::int64_t>::min(), 0}}), "");
}

TEST(PcaCheck, TheLargestAcceptedValuesAreExact) {
  // Two columns of +-(2^31 - 1) / 2: the numerators are at the edge of the bound and exact.
  const std::int64_t m = 1073741823;
  const ds::IntegerTable matrix{2, 2, {m, -m, -m, m}};
  ASSERT_EQ(refusal(matrix), "");
  const auto result = pca::pca_sequential(matrix);
  const auto model = pca::test::model_statistics({2, 2, {1, -1, -1, 1}});
  const auto numerators = pca::test::numerators_of(result);
  for (std::size_t p = 0; p < 3; ++p) EXPECT_EQ(numerators[p], model.numerators[p] * m * m);
}

TEST(PcaBaselines, PhoenixLikeIsExactAtTheLargestMagnitudes) {
  // Its map sums products of deviations from the means, up to (2 m)^2 each: they wrap around 64
  // bits, and the product sums must still come out exact.
  const std::int64_t m = 1073741823;  // 2 columns x m is the largest accepted
  const ds::IntegerTable matrix{3, 2, {m, m, -m, m - 2, m - 1, -m}};
  ASSERT_EQ(refusal(matrix), "");
  const auto sequential = pca::pca_sequential(matrix);
  for (std::size_t threads : {1u, 2u}) EXPECT_EQ(pca::pca_phoenix_like(matrix, threads), sequential);
}

TEST(PcaBaselines, HandComputedMatrix) {
  EXPECT_EQ(pca::pca_sequential(hand_matrix()), hand_result());
  for (std::size_t threads : {1u, 2u, 3u, 8u}) EXPECT_EQ(pca::pca_phoenix_like(hand_matrix(), threads), hand_result());
  EXPECT_EQ(pca::test::numerators_of(hand_result()), (std::vector<std::int64_t>{20, -40, 20, 80, -40, 136}));
}

TEST(PcaBaselines, AgreeWithTheModel) {
  for (auto [rows, columns] : {std::pair<std::size_t, std::size_t>{1, 2}, {2, 3}, {17, 31}, {40, 5}}) {
    const auto matrix = pca::test::sample_matrix(rows, columns, 1000, rows);
    const auto model = pca::test::model_statistics(matrix);
    const auto sequential = pca::pca_sequential(matrix);
    EXPECT_EQ(sequential.row_sums, model.row_sums);
    EXPECT_EQ(pca::test::numerators_of(sequential), model.numerators);
    for (std::size_t threads : {1u, 3u, 8u}) EXPECT_EQ(pca::pca_phoenix_like(matrix, threads), sequential);
  }
}

TEST(PcaFormat, HeaderSumsThenCovariances) {
  EXPECT_EQ(pca::format_pca(hand_result()),
            "# mean(i) = sum(i) / columns; covariance(i,j) = numerator / denominator, numerator = columns * "
            "sum_k x(i,k) x(j,k) - sum(i) sum(j), denominator = columns * (columns - 1)\n"
            "rows\t3\ncolumns\t4\ndenominator\t12\n"
            "sum\t0\t10\nsum\t1\t20\nsum\t2\t4\n"
            "covariance\t0\t0\t20\ncovariance\t0\t1\t-40\ncovariance\t0\t2\t20\n"
            "covariance\t1\t1\t80\ncovariance\t1\t2\t-40\ncovariance\t2\t2\t136\n");
}

TEST(PcaFormat, SummaryShowsMeansAndVariances) {
  EXPECT_EQ(pca::summarize_pca(hand_result(), 2),
            "3 rows of 4 columns, 6 covariances; the first 2 rows (mean, variance, rounded):\n"
            "  row 0  2.5  1.66667\n  row 1  5  6.66667\n");
}

TEST(PcaDifference, NamesWhatDiffers) {
  EXPECT_EQ(pca::describe_difference(hand_result(), hand_result()), "");
  auto other = hand_result();
  other.row_sums[2] = 5;
  other.product_sums[4] = 11;
  EXPECT_EQ(pca::describe_difference(hand_result(), other),
            "sum of row 2: 5 instead of 4; product sum (1, 2): 11 instead of 10");
  EXPECT_EQ(pca::describe_difference(hand_result(), pca::PcaResult{2, 4, {1, 2}, {1, 2, 3}}), "2x4 instead of 3x4");
}

TEST(PcaLoad, ReadsCsvOrBinaryAndChecks) {
  pgasmr::test::ScratchDir dir;
  pgasmr::test::write_file(dir / "m.csv", "1,2,3,4\n8,6,4,2\n-3,5,0,2\n");
  auto input = pca::load_matrix(dir / "m.csv");
  EXPECT_EQ(input.matrix.values, hand_matrix().values);
  EXPECT_EQ(input.file_bytes, 25u);

  std::string binary = ds::binary_matrix_header(3, 4);
  for (auto value : hand_matrix().values)
    for (int byte = 0; byte < 8; ++byte)
      binary.push_back(static_cast<char>(static_cast<std::uint64_t>(value) >> (8 * byte)));
  pgasmr::test::write_file(dir / "m.bin", binary);
  EXPECT_EQ(pca::load_matrix(dir / "m.bin").matrix.values, hand_matrix().values);

  pgasmr::test::write_file(dir / "one.csv", "1\n2\n");
  pgasmr::test::expect_throw_containing<ds::input_error>([&] { pca::load_matrix(dir / "one.csv"); },
                                                         "one.csv': PCA needs at least 2 columns");
}
