#pragma once
/// @file
/// PCA's statistics of an integer matrix, exactly: the sum of each row (its mean is sum / n for
/// n columns) and, for each pair of rows i <= j, the sum of products sum_k x(i,k) x(j,k), from
/// which the sample covariance's numerator n * sum_k x(i,k) x(j,k) - sum(i) sum(j) over the
/// denominator n * (n - 1) follows. Pairs are numbered along the upper triangle, row by row:
/// (0,0), (0,1) .. (0,R-1), (1,1), ...

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include <pgasmr/datasets/integer_table.hpp>

namespace pgasmr::apps::pca {

/// The matrix every version reads, once per process, and the size of its file for the report.
struct MatrixInput {
  datasets::IntegerTable matrix;
  std::uint64_t file_bytes = 0;
};

/// The largest columns x max|value| accepted: then every partial sum, product sum and
/// covariance numerator fits in 64 bits (|numerator| <= 2 (n max|x|)^2 < 2^63).
inline constexpr std::uint64_t largest_column_magnitude_product = INT32_MAX;

/// Reads the matrix at `path` (CSV, one row per line, or the binary format: read_integer_matrix)
/// and checks that it can be computed exactly: input_error naming the file for a bad file, fewer
/// than 2 columns (the sample covariance divides by n - 1), or columns x max|value| above
/// largest_column_magnitude_product.
MatrixInput load_matrix(const std::filesystem::path& path);

/// The same checks on a table already read; `name` is the file named in errors.
void check_computable(const datasets::IntegerTable& matrix, const std::string& name);

/// A pair of rows i <= j.
struct RowPair {
  std::size_t i = 0;
  std::size_t j = 0;
  friend bool operator==(const RowPair&, const RowPair&) = default;
};

/// How many pairs i <= j a matrix of `rows` rows has: rows (rows + 1) / 2.
constexpr std::size_t pair_count(std::size_t rows) noexcept { return rows * (rows + 1) / 2; }

/// The number of the first pair of row i: the pairs of rows 0 .. i-1 come before it.
constexpr std::size_t first_pair_of_row(std::size_t i, std::size_t rows) noexcept {
  return i * (2 * rows + 1 - i) / 2;  // rows + (rows - 1) + ... + (rows - i + 1); the product is even
}

/// The number of pair (i, j), i <= j < rows, along the upper triangle.
constexpr std::size_t pair_index(RowPair pair, std::size_t rows) noexcept {
  return first_pair_of_row(pair.i, rows) + (pair.j - pair.i);
}

/// The pair numbered `index` (< pair_count(rows)).
RowPair pair_at(std::size_t index, std::size_t rows);

/// sum_k row[k] and sum_k a[k] b[k]: the work of every version.
std::int64_t row_sum(std::span<const std::int64_t> row) noexcept;
std::int64_t product_sum(std::span<const std::int64_t> a, std::span<const std::int64_t> b) noexcept;

/// The pairs cut into tiles: rows [8a, 8a + 8) against rows [8b, 8b + 8) for bands a <= b (the
/// last band shorter), each tile's pairs (i, j) with i <= j. A tile's 16 rows are read together a
/// slice of columns at a time, so that each slice, held in the first-level cache, serves 64
/// pairs: pairs taken a row at a time read the other rows from the shared third-level cache once
/// per pair, which bounded the map and kept two threads from scaling.
inline constexpr std::size_t tile_rows = 8;
struct PairTile {
  std::size_t first_i = 0;
  std::size_t first_j = 0;  ///< first_i <= first_j
  std::size_t i_rows = 0;   ///< 1 to tile_rows
  std::size_t j_rows = 0;   ///< 1 to tile_rows; i_rows when first_i == first_j
};

/// How many pairs i <= j the tile holds.
constexpr std::size_t pair_count(PairTile tile) noexcept {
  return tile.first_i == tile.first_j ? pair_count(tile.i_rows) : tile.i_rows * tile.j_rows;
}

/// The tiles of a matrix of `rows` rows, numbered band by band along the upper triangle of the
/// bands, as the pairs along the rows' (pair_index).
class PairTiles {
 public:
  explicit PairTiles(std::size_t rows) noexcept : rows_(rows), bands_((rows + tile_rows - 1) / tile_rows) {}
  std::size_t size() const noexcept { return pair_count(bands_); }
  /// Tile number t (< size()).
  PairTile operator[](std::size_t t) const;

 private:
  std::size_t rows_;
  std::size_t bands_;
};

/// A tile's product sums, sums[(i - first_i) * tile_rows + (j - first_j)] for its pairs (i, j).
using TileSums = std::array<std::int64_t, tile_rows * tile_rows>;

/// The product sums of the tile's pairs (the other entries of `sums` are left unspecified). The
/// matrix must be checked (check_computable: every value then fits in 32 bits, which the AVX2
/// kernel multiplies).
void tile_product_sums(const datasets::IntegerTable& matrix, PairTile tile, TileSums& sums) noexcept;

/// Calls f(pair, its slot in TileSums) for each pair of the tile, in pair_index order.
template <class F>
void for_each_pair(PairTile tile, F&& f) {
  for (std::size_t i = tile.first_i; i < tile.first_i + tile.i_rows; ++i)
    for (std::size_t j = std::max(i, tile.first_j); j < tile.first_j + tile.j_rows; ++j)
      f(RowPair{i, j}, (i - tile.first_i) * tile_rows + (j - tile.first_j));
}

/// What every version computes.
struct PcaResult {
  std::size_t rows = 0;
  std::size_t columns = 0;
  std::vector<std::int64_t> row_sums;      ///< rows entries
  std::vector<std::int64_t> product_sums;  ///< pair_count(rows) entries, by pair_index
  friend bool operator==(const PcaResult&, const PcaResult&) = default;
};

/// n * product_sum(i, j) - sum(i) sum(j) of the pair (exact for a checked matrix).
std::int64_t covariance_numerator(const PcaResult& result, RowPair pair);

/// The --output format: a `#` line with the definitions, then `rows<TAB>R`, `columns<TAB>n`,
/// `denominator<TAB>n(n-1)`, R lines `sum<TAB>i<TAB>sum(i)` by i, and pair_count(R) lines
/// `covariance<TAB>i<TAB>j<TAB>numerator` by i then j >= i.
std::string format_pca(const PcaResult& result);

/// The report's lines: the shape and the first `top` rows' means and variances (rounded).
std::string summarize_pca(const PcaResult& result, std::size_t top);

/// What differs between two results (empty when equal), for --verify.
std::string describe_difference(const PcaResult& expected, const PcaResult& actual);

}  // namespace pgasmr::apps::pca
