#include "pca/covariance.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/matrix.hpp>

#include "common/avx2_kernels.hpp"
#include "common/difference_report.hpp"

#if PGASMR_AVX2_KERNELS
#include <immintrin.h>
#endif

namespace pgasmr::apps::pca {
namespace {

std::uint64_t magnitude(std::int64_t value) noexcept {
  return value < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
}

std::string describe_pair(RowPair pair) { return "(" + std::to_string(pair.i) + ", " + std::to_string(pair.j) + ")"; }

/// Notes each "what: actual instead of expected" difference between two lists.
template <class Name>
void compare_values(std::span<const std::int64_t> expected, std::span<const std::int64_t> actual, Name&& name,
                    DifferenceReport& report) {
  for (std::size_t k = 0; k < expected.size(); ++k)
    if (expected[k] != actual[k])
      report.note([&] { return name(k) + ": " + std::to_string(actual[k]) + " instead of " + std::to_string(expected[k]); });
}

#if PGASMR_AVX2_KERNELS
static_assert(largest_column_magnitude_product <= INT32_MAX, "a checked matrix's values fit in 32 bits");

/// The product sums of rows a[0..8) against rows b[0..8), n columns each, into sums[8 r + q] (a
/// value's low 32 bits times another's, which is exact for a checked matrix). The columns are
/// taken a slice at a time, whose 16 rows stay in the first-level cache while every pair of
/// them is added up, 2 x 4 pairs at a time in 8 registers of four 64-bit sums.
PGASMR_AVX2_TARGET void tile_sums_avx2(const std::array<const std::int64_t*, tile_rows>& a,
                                       const std::array<const std::int64_t*, tile_rows>& b, std::size_t n,
                                       TileSums& sums) noexcept {
  constexpr std::size_t slice_columns = 128;  // 16 rows of 1 KiB
  constexpr std::size_t lanes = 4, a_step = 2, b_step = 4;
  __m256i partial[tile_rows * tile_rows];  // a C array: std::array would drop __m256i's alignment
  for (auto& p : partial) p = _mm256_setzero_si256();
  const std::size_t vector_end = n / lanes * lanes;
  for (std::size_t slice = 0; slice < vector_end; slice += slice_columns) {
    const std::size_t end = std::min(slice + slice_columns, vector_end);
    for (std::size_t r = 0; r < tile_rows; r += a_step)
      for (std::size_t q = 0; q < tile_rows; q += b_step) {
        __m256i s[a_step][b_step];
        for (std::size_t x = 0; x < a_step; ++x)
          for (std::size_t y = 0; y < b_step; ++y) s[x][y] = partial[(r + x) * tile_rows + q + y];
        for (std::size_t k = slice; k < end; k += lanes) {
          __m256i from_a[a_step], from_b[b_step];
          for (std::size_t x = 0; x < a_step; ++x)
            from_a[x] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a[r + x] + k));
          for (std::size_t y = 0; y < b_step; ++y)
            from_b[y] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b[q + y] + k));
          for (std::size_t x = 0; x < a_step; ++x)
            for (std::size_t y = 0; y < b_step; ++y)
              s[x][y] = _mm256_add_epi64(s[x][y], _mm256_mul_epi32(from_a[x], from_b[y]));
        }
        for (std::size_t x = 0; x < a_step; ++x)
          for (std::size_t y = 0; y < b_step; ++y) partial[(r + x) * tile_rows + q + y] = s[x][y];
      }
  }
  for (std::size_t r = 0; r < tile_rows; ++r)
    for (std::size_t q = 0; q < tile_rows; ++q) {
      alignas(32) std::array<std::int64_t, lanes> lane;
      _mm256_store_si256(reinterpret_cast<__m256i*>(lane.data()), partial[r * tile_rows + q]);
      std::int64_t sum = lane[0] + lane[1] + lane[2] + lane[3];
      for (std::size_t k = vector_end; k < n; ++k) sum += a[r][k] * b[q][k];
      sums[r * tile_rows + q] = sum;
    }
}
#endif

}  // namespace

MatrixInput load_matrix(const std::filesystem::path& path) {
  MatrixInput input{datasets::read_integer_matrix(path), std::filesystem::file_size(path)};
  check_computable(input.matrix, path.native());
  return input;
}

void check_computable(const datasets::IntegerTable& matrix, const std::string& name) {
  if (matrix.columns < 2)
    throw datasets::input_error(datasets::in_quotes(name) +
                                ": PCA needs at least 2 columns (the sample covariance divides by n - 1)");
  std::uint64_t largest = 0;
  for (auto value : matrix.values) largest = std::max(largest, magnitude(value));
  if (largest > largest_column_magnitude_product / matrix.columns)
    throw datasets::input_error(datasets::in_quotes(name) + ": " + std::to_string(matrix.columns) +
                                " columns x largest magnitude " + std::to_string(largest) + " exceed " +
                                std::to_string(largest_column_magnitude_product) +
                                ": the covariance could overflow 64 bits");
}

RowPair pair_at(std::size_t index, std::size_t rows) {
  // Binary search for the row: first_pair_of_row(low) <= index < first_pair_of_row(high).
  std::size_t low = 0;
  std::size_t high = rows;
  while (high - low > 1) {
    const std::size_t middle = low + (high - low) / 2;
    (first_pair_of_row(middle, rows) <= index ? low : high) = middle;
  }
  return {low, low + (index - first_pair_of_row(low, rows))};
}

std::int64_t row_sum(std::span<const std::int64_t> row) noexcept {
  std::int64_t sum = 0;
  for (auto x : row) sum += x;
  return sum;
}

std::int64_t product_sum(std::span<const std::int64_t> a, std::span<const std::int64_t> b) noexcept {
  std::int64_t sum = 0;
  for (std::size_t k = 0; k < a.size(); ++k) sum += a[k] * b[k];
  return sum;
}

PairTile PairTiles::operator[](std::size_t t) const {
  const auto bands = pair_at(t, bands_);
  auto rows_of = [&](std::size_t band) { return std::min(tile_rows, rows_ - band * tile_rows); };
  return {bands.i * tile_rows, bands.j * tile_rows, rows_of(bands.i), rows_of(bands.j)};
}

void tile_product_sums(const datasets::IntegerTable& matrix, PairTile tile, TileSums& sums) noexcept {
#if PGASMR_AVX2_KERNELS
  if (cpu_has_avx2()) {
    // A short band repeats its last row: the kernel always counts 8 x 8 pairs.
    auto band_rows = [&](std::size_t first, std::size_t count) {
      std::array<const std::int64_t*, tile_rows> rows;
      for (std::size_t r = 0; r < tile_rows; ++r) rows[r] = matrix.row(first + std::min(r, count - 1)).data();
      return rows;
    };
    tile_sums_avx2(band_rows(tile.first_i, tile.i_rows), band_rows(tile.first_j, tile.j_rows), matrix.columns, sums);
    return;
  }
#endif
  for_each_pair(tile, [&](RowPair pair, std::size_t slot) {
    sums[slot] = product_sum(matrix.row(pair.i), matrix.row(pair.j));
  });
}

std::int64_t covariance_numerator(const PcaResult& result, RowPair pair) {
  return static_cast<std::int64_t>(result.columns) * result.product_sums[pair_index(pair, result.rows)] -
         result.row_sums[pair.i] * result.row_sums[pair.j];
}

std::string format_pca(const PcaResult& result) {
  const auto n = static_cast<std::int64_t>(result.columns);
  std::string text =
      "# mean(i) = sum(i) / columns; covariance(i,j) = numerator / denominator, numerator = columns * "
      "sum_k x(i,k) x(j,k) - sum(i) sum(j), denominator = columns * (columns - 1)\n";
  text += "rows\t" + std::to_string(result.rows) + "\ncolumns\t" + std::to_string(n) + "\ndenominator\t" +
          std::to_string(n * (n - 1)) + "\n";
  for (std::size_t i = 0; i < result.rows; ++i)
    text += "sum\t" + std::to_string(i) + '\t' + std::to_string(result.row_sums[i]) + '\n';
  for (std::size_t i = 0; i < result.rows; ++i)
    for (std::size_t j = i; j < result.rows; ++j)
      text += "covariance\t" + std::to_string(i) + '\t' + std::to_string(j) + '\t' +
              std::to_string(covariance_numerator(result, {i, j})) + '\n';
  return text;
}

std::string summarize_pca(const PcaResult& result, std::size_t top) {
  const auto n = static_cast<double>(result.columns);
  std::string text = std::to_string(result.rows) + " rows of " + std::to_string(result.columns) + " columns, " +
                     std::to_string(result.product_sums.size()) + " covariances; the first " +
                     std::to_string(std::min(top, result.rows)) + " rows (mean, variance, rounded):\n";
  for (std::size_t i = 0; i < top && i < result.rows; ++i) {
    const auto variance = static_cast<double>(covariance_numerator(result, {i, i}));
    char line[96];
    std::snprintf(line, sizeof line, "  row %zu  %.6g  %.6g\n", i, static_cast<double>(result.row_sums[i]) / n,
                  variance / (n * (n - 1)));
    text += line;
  }
  return text;
}

std::string describe_difference(const PcaResult& expected, const PcaResult& actual) {
  if (expected.rows != actual.rows || expected.columns != actual.columns ||
      expected.row_sums.size() != actual.row_sums.size() || expected.product_sums.size() != actual.product_sums.size())
    return std::to_string(actual.rows) + "x" + std::to_string(actual.columns) + " instead of " +
           std::to_string(expected.rows) + "x" + std::to_string(expected.columns);
  DifferenceReport report;
  compare_values(expected.row_sums, actual.row_sums, [](std::size_t i) { return "sum of row " + std::to_string(i); },
                 report);
  compare_values(expected.product_sums, actual.product_sums,
                 [&](std::size_t k) { return "product sum " + describe_pair(pair_at(k, expected.rows)); }, report);
  return report.str("sums");
}

}  // namespace pgasmr::apps::pca
