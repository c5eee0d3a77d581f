#include "pca/covariance.hpp"

#include <algorithm>
#include <cstdio>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/matrix.hpp>

namespace pgasmr::apps::pca {
namespace {

std::uint64_t magnitude(std::int64_t value) noexcept {
  return value < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
}

std::string describe_pair(RowPair pair) { return "(" + std::to_string(pair.i) + ", " + std::to_string(pair.j) + ")"; }

/// Up to a few "what: actual instead of expected" differences between two lists, then a count.
template <class Name>
void compare_values(std::span<const std::int64_t> expected, std::span<const std::int64_t> actual, Name&& name,
                    std::string& report) {
  constexpr std::size_t max_shown = 5;
  std::size_t differences = 0;
  for (std::size_t k = 0; k < expected.size(); ++k) {
    if (expected[k] == actual[k]) continue;
    if (differences++ < max_shown)
      report += (report.empty() ? "" : "; ") + name(k) + ": " + std::to_string(actual[k]) + " instead of " +
                std::to_string(expected[k]);
  }
  if (differences > max_shown) report += "; " + std::to_string(differences - max_shown) + " more differ";
}

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

PairGroups::PairGroups(std::size_t rows) : rows_(rows) {
  first_group_.reserve(rows + 1);
  first_group_.push_back(0);
  for (std::size_t i = 0; i < rows; ++i)
    first_group_.push_back(first_group_.back() + (rows - i + pairs_per_group - 1) / pairs_per_group);
}

PairGroup PairGroups::operator[](std::size_t g) const {
  const auto after = std::ranges::upper_bound(first_group_, g);  // the first row whose groups come after g
  const auto i = static_cast<std::size_t>(after - first_group_.begin()) - 1;
  const auto j = i + (g - first_group_[i]) * pairs_per_group;
  return {{i, j}, std::min(pairs_per_group, rows_ - j)};
}

void product_sums(const datasets::IntegerTable& matrix, PairGroup group, std::span<std::int64_t> sums) noexcept {
  const auto a = matrix.row(group.first.i);
  if (group.count < pairs_per_group) {
    for (std::size_t r = 0; r < group.count; ++r) sums[r] = product_sum(a, matrix.row(group.first.j + r));
    return;
  }
  // Rows j .. j + 3 lie one after the other; four sums, each row of them read once.
  static_assert(pairs_per_group == 4);
  const std::size_t n = matrix.columns;
  const std::int64_t* b = matrix.row(group.first.j).data();
  std::int64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::int64_t x = a[k];
    s0 += x * b[k];
    s1 += x * b[n + k];
    s2 += x * b[2 * n + k];
    s3 += x * b[3 * n + k];
  }
  sums[0] = s0;
  sums[1] = s1;
  sums[2] = s2;
  sums[3] = s3;
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
  std::string report;
  compare_values(expected.row_sums, actual.row_sums, [](std::size_t i) { return "sum of row " + std::to_string(i); },
                 report);
  compare_values(expected.product_sums, actual.product_sums,
                 [&](std::size_t k) { return "product sum " + describe_pair(pair_at(k, expected.rows)); }, report);
  return report;
}

}  // namespace pgasmr::apps::pca
