#pragma once
/// @file
/// Tables of integers read from CSV files: the points of k-means and the matrices of PCA and
/// matrix multiply.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

namespace pgasmr::datasets {

/// Rows of equal length, stored row after row.
struct IntegerTable {
  std::size_t rows = 0;
  std::size_t columns = 0;
  std::vector<std::int64_t> values;  ///< rows * columns, row-major

  std::span<const std::int64_t> row(std::size_t i) const noexcept { return {values.data() + i * columns, columns}; }
};

/// Parses CSV text: one row per line, fields separated by commas, each a decimal integer that
/// fits in 64 bits (an optional sign; spaces and tabs around a field are allowed), lines ending
/// in "\n" or "\r\n", the last newline optional. Throws input_error naming `name` and the line
/// ("'points.csv' line 7: 'x1' is not an integer") for a bad field, an empty line, a row whose
/// length differs from the first row's, or text with no rows at all.
IntegerTable parse_integer_csv(std::string_view text, std::string_view name);

/// parse_integer_csv of a whole file (input_error for a missing or unreadable one).
IntegerTable read_integer_csv(const std::filesystem::path& path);

}  // namespace pgasmr::datasets
