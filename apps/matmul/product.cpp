#include "matmul/product.hpp"

#include <algorithm>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/matrix.hpp>

#include "common/difference_report.hpp"

namespace pgasmr::apps::matmul {
namespace {

std::uint64_t largest_magnitude(const datasets::IntegerTable& m) {
  std::uint64_t largest = 0;
  for (auto value : m.values)
    largest = std::max(largest, value < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(value)
                                          : static_cast<std::uint64_t>(value));
  return largest;
}

std::string shape_of(const datasets::IntegerTable& m) { return std::to_string(m.rows) + "x" + std::to_string(m.columns); }

void append_row(std::string& text, std::span<const std::int64_t> row) {
  for (std::size_t j = 0; j < row.size(); ++j) text.append(j == 0 ? "" : ",").append(std::to_string(row[j]));
}

// SSE2 has no 64-bit multiply: GCC's vector emulation of one (three 32-bit multiplies per two
// products) measured 1.7 times slower than scalar imul in multiply_pass, so GCC keeps it scalar.
#if defined(__GNUC__) && !defined(__clang__)
#define PGASMR_SCALAR_LOOPS [[gnu::optimize("no-tree-vectorize")]]
#else
#define PGASMR_SCALAR_LOOPS
#endif

/// Rows [first, first + Rows) of A B into `out`, one after the other: for each k, row k of B is
/// read once and added, times A(first + r, k), into every row r.
template <std::size_t Rows>
PGASMR_SCALAR_LOOPS void multiply_pass(const datasets::IntegerTable& a, const datasets::IntegerTable& b,
                                       std::size_t first, std::int64_t* out) noexcept {
  const std::size_t columns = b.columns;
  std::fill(out, out + Rows * columns, 0);
  for (std::size_t k = 0; k < a.columns; ++k) {
    std::int64_t factor[Rows];
    for (std::size_t r = 0; r < Rows; ++r) factor[r] = a.values[(first + r) * a.columns + k];
    const std::int64_t* b_row = b.values.data() + k * columns;
    for (std::size_t j = 0; j < columns; ++j)
      for (std::size_t r = 0; r < Rows; ++r) out[r * columns + j] += factor[r] * b_row[j];
  }
}

}  // namespace

Factors load_factors(const std::filesystem::path& a, const std::filesystem::path& b) {
  Factors factors{datasets::read_integer_matrix(a), datasets::read_integer_matrix(b),
                  std::filesystem::file_size(a) + std::filesystem::file_size(b)};
  check_factors(factors.a, factors.b, a.native(), b.native());
  return factors;
}

void check_factors(const datasets::IntegerTable& a, const datasets::IntegerTable& b, const std::string& a_name,
                   const std::string& b_name) {
  if (a.columns != b.rows)
    throw datasets::input_error("cannot multiply " + datasets::in_quotes(a_name) + " (" + shape_of(a) + ") by " +
                                datasets::in_quotes(b_name) + " (" + shape_of(b) +
                                "): A's columns must equal B's rows");
  const auto bound = product_bound(a, b);
  if (!bound || *bound > static_cast<std::uint64_t>(INT64_MAX))
    throw datasets::input_error(datasets::in_quotes(a_name) + " x " + datasets::in_quotes(b_name) + ": " +
                                std::to_string(a.columns) + " terms x largest magnitudes " +
                                std::to_string(largest_magnitude(a)) + " and " + std::to_string(largest_magnitude(b)) +
                                " could overflow 64 bits");
}

std::optional<std::uint64_t> product_bound(const datasets::IntegerTable& a, const datasets::IntegerTable& b) {
  const std::uint64_t terms = a.columns, a_largest = largest_magnitude(a), b_largest = largest_magnitude(b);
  // A zero factor bounds every sum by 0, however large the other two multiply to.
  if (terms == 0 || a_largest == 0 || b_largest == 0) return 0;
  std::uint64_t bound = 0;
  if (__builtin_mul_overflow(terms, a_largest, &bound) || __builtin_mul_overflow(bound, b_largest, &bound))
    return std::nullopt;
  return bound;
}

void multiply_row(const datasets::IntegerTable& a, const datasets::IntegerTable& b, std::size_t i,
                  std::span<std::int64_t> row) noexcept {
  multiply_pass<1>(a, b, i, row.data());
}

void multiply_rows(const datasets::IntegerTable& a, const datasets::IntegerTable& b, std::size_t first,
                   std::span<std::int64_t> rows) noexcept {
  const std::size_t count = b.columns == 0 ? 0 : rows.size() / b.columns;
  std::size_t done = 0;
  for (; count - done >= rows_per_pass; done += rows_per_pass)
    multiply_pass<rows_per_pass>(a, b, first + done, rows.data() + done * b.columns);
  for (; done < count; ++done) multiply_pass<1>(a, b, first + done, rows.data() + done * b.columns);
}

datasets::IntegerTable product_shape(const datasets::IntegerTable& a, const datasets::IntegerTable& b) {
  return {a.rows, b.columns, std::vector<std::int64_t>(a.rows * b.columns)};
}

std::string format_product(const datasets::IntegerTable& product) {
  std::string text;
  for (std::size_t i = 0; i < product.rows; ++i) {
    append_row(text, product.row(i));
    text.push_back('\n');
  }
  return text;
}

std::string summarize_product(const datasets::IntegerTable& product, std::size_t top) {
  constexpr std::size_t shown_columns = 8;
  std::string text = "a " + shape_of(product) + " product; its first " + std::to_string(std::min(top, product.rows)) +
                     " rows:\n";
  for (std::size_t i = 0; i < top && i < product.rows; ++i) {
    text += "  ";
    append_row(text, product.row(i).first(std::min(shown_columns, product.columns)));
    text += product.columns > shown_columns ? ",...\n" : "\n";
  }
  return text;
}

std::string describe_difference(const datasets::IntegerTable& expected, const datasets::IntegerTable& actual) {
  if (expected.rows != actual.rows || expected.columns != actual.columns || expected.values.size() != actual.values.size())
    return shape_of(actual) + " instead of " + shape_of(expected);
  DifferenceReport report;
  for (std::size_t k = 0; k < expected.values.size(); ++k)
    if (expected.values[k] != actual.values[k])
      report.note([&] {
        return "(" + std::to_string(k / expected.columns) + ", " + std::to_string(k % expected.columns) +
               "): " + std::to_string(actual.values[k]) + " instead of " + std::to_string(expected.values[k]);
      });
  return report.str("entries");
}

}  // namespace pgasmr::apps::matmul
