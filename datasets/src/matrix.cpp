#include <pgasmr/datasets/matrix.hpp>

#include <bit>
#include <cstring>
#include <stdexcept>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/mapped_file.hpp>
#include <pgasmr/datasets/output_file.hpp>

#include "random.hpp"

namespace pgasmr::datasets {
namespace {

static_assert(std::endian::native == std::endian::little, "the binary matrix format is read and written in place");

constexpr std::uint64_t largest_max_value = std::uint64_t{1} << 62;
// Rows are produced and written in chunks of about this size (and progress reported per chunk).
constexpr std::size_t chunk_bytes = std::size_t{1} << 20;

void put_u64(std::string& bytes, std::uint64_t value) {
  for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>(value >> (8 * i)));
}

std::uint64_t get_u64(std::span<const std::byte> bytes) {
  std::uint64_t value = 0;
  std::memcpy(&value, bytes.data(), sizeof value);
  return value;
}

bool has_binary_magic(std::span<const std::byte> bytes) {
  return bytes.size() >= binary_matrix_magic.size() &&
         std::memcmp(bytes.data(), binary_matrix_magic.data(), binary_matrix_magic.size()) == 0;
}

/// Uniform in [-max_value, max_value].
std::int64_t draw(detail::Random& random, std::uint64_t max_value) {
  const std::uint64_t span = 2 * max_value + 1;  // at most 2^63 + 1: no overflow
  // Lemire's multiply-shift on 64 bits; the bias (below span / 2^64) does not matter here.
  __extension__ using Wide = unsigned __int128;
  const auto offset = static_cast<std::uint64_t>((static_cast<Wide>(random.next()) * span) >> 64);
  return static_cast<std::int64_t>(offset - max_value);
}

}  // namespace

std::string binary_matrix_header(std::uint64_t rows, std::uint64_t columns) {
  std::string header(binary_matrix_magic);
  put_u64(header, rows);
  put_u64(header, columns);
  return header;
}

IntegerTable parse_binary_matrix(std::span<const std::byte> bytes, std::string_view name) {
  auto fail = [&](const std::string& why) { throw input_error(in_quotes(name) + ": " + why); };
  if (bytes.size() < binary_matrix_header_bytes) fail("truncated binary matrix header");
  IntegerTable table;
  table.rows = get_u64(bytes.subspan(8));
  table.columns = get_u64(bytes.subspan(16));
  if (table.rows == 0 || table.columns == 0) fail("a binary matrix of " + std::to_string(table.rows) + "x" +
                                                  std::to_string(table.columns) + " (rows and columns must be at least 1)");
  std::uint64_t values = 0;
  std::uint64_t needed = 0;
  const bool overflow = __builtin_mul_overflow(table.rows, table.columns, &values) ||
                        __builtin_mul_overflow(values, std::uint64_t{8}, &needed) ||
                        __builtin_add_overflow(needed, binary_matrix_header_bytes, &needed);
  if (overflow || needed != bytes.size())
    fail("binary matrix of " + std::to_string(table.rows) + "x" + std::to_string(table.columns) + " needs " +
         (overflow ? std::string("more than 2^64") : std::to_string(needed)) + " bytes, the file has " +
         std::to_string(bytes.size()));
  table.values.resize(values);
  std::memcpy(table.values.data(), bytes.data() + binary_matrix_header_bytes, values * 8);
  return table;
}

IntegerTable read_integer_matrix(const std::filesystem::path& path) {
  MappedFile file(path, Prefetch::populate);
  return file.read_checked([&] {
    if (has_binary_magic(file.bytes())) return parse_binary_matrix(file.bytes(), path.native());
    return parse_integer_csv(file.text(), path.native());
  });
}

void generate_matrix(const std::filesystem::path& path, const MatrixOptions& options, const Progress& progress) {
  if (options.rows == 0 || options.columns == 0)
    throw std::invalid_argument("a matrix needs at least one row and one column");
  if (options.max_value > largest_max_value) throw std::invalid_argument("the largest value must be at most 2^62");
  // No reader could size it: its binary form's bytes would not fit in 64 bits.
  std::uint64_t bytes = 0;
  if (__builtin_mul_overflow(options.rows, options.columns, &bytes) || __builtin_mul_overflow(bytes, 8, &bytes))
    throw std::invalid_argument("a matrix of " + std::to_string(options.rows) + "x" + std::to_string(options.columns) +
                                " has more values than 64 bits count in bytes");
  AtomicOutputFile out(path);
  const bool binary = options.format == MatrixFormat::binary;
  std::string chunk = binary ? binary_matrix_header(options.rows, options.columns) : std::string();
  for (std::uint64_t i = 0; i < options.rows; ++i) {
    detail::Random random(options.seed, i);  // a stream per row: the numbers do not depend on the format
    for (std::uint64_t k = 0; k < options.columns; ++k) {
      const auto value = draw(random, options.max_value);
      if (binary) {
        put_u64(chunk, static_cast<std::uint64_t>(value));
      } else {
        chunk.append(std::to_string(value)).push_back(k + 1 < options.columns ? ',' : '\n');
      }
    }
    if (chunk.size() >= chunk_bytes) {
      out.write(chunk);
      chunk.clear();
      // A CSV file's size is known only at the end: estimated from the rows written so far.
      if (progress) progress(out.size(), out.size() / (i + 1) * options.rows);
    }
  }
  out.write(chunk);
  out.commit();
  if (progress) progress(out.size(), out.size());
}

}  // namespace pgasmr::datasets
