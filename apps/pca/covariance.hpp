#pragma once
/// @file
/// PCA's statistics of an integer matrix, exactly: the sum of each row (its mean is sum / n for
/// n columns) and, for each pair of rows i <= j, the sum of products sum_k x(i,k) x(j,k), from
/// which the sample covariance's numerator n * sum_k x(i,k) x(j,k) - sum(i) sum(j) over the
/// denominator n * (n - 1) follows. Pairs are numbered along the upper triangle, row by row:
/// (0,0), (0,1) .. (0,R-1), (1,1), ...

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

/// Pairs (i, j), (i, j + 1), ... of one row i, up to pairs_per_group of them: their product sums
/// computed together read row i once for all (measured about twice as fast as pair by pair).
inline constexpr std::size_t pairs_per_group = 4;
struct PairGroup {
  RowPair first;
  std::size_t count = 0;  ///< 1 to pairs_per_group
};

/// The pairs of a matrix of `rows` rows in groups: row i's pairs (i, i) .. (i, rows - 1) cut into
/// runs of pairs_per_group (the last one shorter), row after row, so that the groups cover the
/// pairs once each in pair_index order.
class PairGroups {
 public:
  explicit PairGroups(std::size_t rows);
  std::size_t size() const noexcept { return first_group_.back(); }
  /// Group number g (< size()).
  PairGroup operator[](std::size_t g) const;

 private:
  std::size_t rows_;
  std::vector<std::size_t> first_group_;  ///< the number of the first group of each row, then size()
};

/// The product sums of the group's pairs into sums[0 .. group.count).
void product_sums(const datasets::IntegerTable& matrix, PairGroup group, std::span<std::int64_t> sums) noexcept;

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
