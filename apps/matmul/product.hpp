#pragma once
/// @file
/// The exact product C = A B of two integer matrices, and the per-row work every version
/// shares. Exact: the inputs are checked at load so that no sum of products can overflow 64 bits.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <pgasmr/datasets/integer_table.hpp>

namespace pgasmr::apps::matmul {

/// The two factors, once per process, and the size of their files for the report.
struct Factors {
  datasets::IntegerTable a;
  datasets::IntegerTable b;
  std::uint64_t file_bytes = 0;
};

/// Reads A and B (CSV or the binary matrix format: datasets::read_integer_matrix) and checks
/// them: input_error naming the file for a bad file, for shapes that do not chain (A's columns
/// must equal B's rows), or for magnitudes whose products could overflow (check_exact).
Factors load_factors(const std::filesystem::path& a, const std::filesystem::path& b);

/// The checks of load_factors on tables already read; `a_name` and `b_name` are named in errors.
/// Exactness: with K = A's columns, K x max|A| x max|B| must be at most 2^63 - 1, so every
/// partial sum of a product's entry fits in 64 bits, whatever the order of the additions.
void check_factors(const datasets::IntegerTable& a, const datasets::IntegerTable& b, const std::string& a_name,
                   const std::string& b_name);

/// K x max|A| x max|B| with K = A's columns: a bound on the magnitude of every product and partial
/// sum of an entry of A B; nullopt when it does not fit in 64 bits.
std::optional<std::uint64_t> product_bound(const datasets::IntegerTable& a, const datasets::IntegerTable& b);

/// Row i of A B into `row` (B's columns long, zeroed here): row += A(i,k) x row k of B for each
/// k, Phoenix++'s loop order (B read row by row).
void multiply_row(const datasets::IntegerTable& a, const datasets::IntegerTable& b, std::size_t i,
                  std::span<std::int64_t> row) noexcept;

/// Rows first, first + 1, ... of A B into `rows`, one after the other (a whole number of rows
/// of B's columns; zeroed here), in the same loop order but rows_per_pass rows at a time: each
/// row of B, read once per pass, serves them all (measured about 1.6 times faster than row by
/// row on a 600 x 600 product, whose B outgrows the L2 cache).
inline constexpr std::size_t rows_per_pass = 4;
void multiply_rows(const datasets::IntegerTable& a, const datasets::IntegerTable& b, std::size_t first,
                   std::span<std::int64_t> rows) noexcept;

/// An empty product of A's rows x B's columns (every value 0), for the versions to fill.
datasets::IntegerTable product_shape(const datasets::IntegerTable& a, const datasets::IntegerTable& b);

/// The --output format: the product as CSV, one row a line ("\n" after each), comma-separated
/// decimal integers, which read_integer_csv reads back.
std::string format_product(const datasets::IntegerTable& product);

/// The report's lines: the shape and the first `top` rows (cut to 8 values each).
std::string summarize_product(const datasets::IntegerTable& product, std::size_t top);

/// What differs between two products (empty when equal), for --verify.
std::string describe_difference(const datasets::IntegerTable& expected, const datasets::IntegerTable& actual);

}  // namespace pgasmr::apps::matmul
