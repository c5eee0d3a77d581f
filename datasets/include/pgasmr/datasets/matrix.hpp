#pragma once
/// @file
/// Integer matrices for PCA and matrix multiply: a seeded generator, and the binary format
/// beside the CSV one (integer_table.hpp).
///
/// The binary format: the 8 bytes "PGMRMAT1" (binary_matrix_magic), the row count and the
/// column count as unsigned 64-bit little-endian integers, then rows x columns signed 64-bit
/// little-endian integers, row after row. Nothing follows: the file is exactly
/// 24 + 8 x rows x columns bytes. Rows and columns are at least 1.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include <pgasmr/datasets/integer_table.hpp>
#include <pgasmr/datasets/progress.hpp>

namespace pgasmr::datasets {

inline constexpr std::string_view binary_matrix_magic = "PGMRMAT1";
inline constexpr std::size_t binary_matrix_header_bytes = 24;

/// The 24-byte header of a binary matrix of `rows` x `columns`.
std::string binary_matrix_header(std::uint64_t rows, std::uint64_t columns);

/// Parses a binary matrix held in `bytes` (which start with the magic). Throws input_error
/// naming `name` for a truncated header, zero rows or columns, or a size other than the header's.
IntegerTable parse_binary_matrix(std::span<const std::byte> bytes, std::string_view name);

/// Reads a matrix in either format: binary when the file starts with binary_matrix_magic, CSV
/// (parse_integer_csv) otherwise. input_error for a missing, unreadable or malformed file.
IntegerTable read_integer_matrix(const std::filesystem::path& path);

enum class MatrixFormat { csv, binary };

struct MatrixOptions {
  std::uint64_t seed = 1;
  std::uint64_t rows = 0;     ///< at least 1
  std::uint64_t columns = 0;  ///< at least 1
  std::uint64_t max_value = 100;  ///< values are uniform in [-max_value, max_value]; at most 2^62
  MatrixFormat format = MatrixFormat::csv;
};

/// Writes a rows x columns matrix to `path`, all-or-nothing: CSV (comma-separated decimal
/// integers, one row a line, "\n" after every line) or the binary format. Row i is drawn from
/// its own random stream, so the values depend on (seed, columns, max_value) and the row number
/// only: both formats hold the same numbers. Throws std::invalid_argument for zero rows or
/// columns or a max_value above 2^62, output_error when `path` cannot be written.
void generate_matrix(const std::filesystem::path& path, const MatrixOptions& options, const Progress& progress = {});

}  // namespace pgasmr::datasets
