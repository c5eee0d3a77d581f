// The integer CSV reader (k-means' points, the matrices of pca and matmul) on any bytes: a table
// of equal rows or an input_error, never anything else; a table prints back to text that reads
// as the same table.

#include <cstdint>
#include <cstdlib>
#include <string>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/integer_table.hpp>

#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace ds = pgasmr::datasets;
  ds::IntegerTable table;
  try {
    table = ds::parse_integer_csv(pgasmr::fuzz::as_text(data, size), "fuzz.csv");
  } catch (const ds::input_error&) {
    return 0;
  }
  if (table.rows == 0 || table.columns == 0 || table.values.size() != table.rows * table.columns) std::abort();
  std::string text;
  for (std::size_t r = 0; r < table.rows; ++r)
    for (std::size_t c = 0; c < table.columns; ++c) text += std::to_string(table.row(r)[c]) + (c + 1 < table.columns ? "," : "\n");
  auto again = ds::parse_integer_csv(text, "again.csv");
  if (again.values != table.values || again.columns != table.columns) std::abort();
  return 0;
}
