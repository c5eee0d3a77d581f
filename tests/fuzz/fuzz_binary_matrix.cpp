// The binary matrix reader (pca, matmul) on any bytes: a matrix whose size matches its header or
// an input_error, never an out-of-bounds read.

#include <cstdint>
#include <cstdlib>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/matrix.hpp>

#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace ds = pgasmr::datasets;
  try {
    auto table = ds::parse_binary_matrix(pgasmr::fuzz::as_bytes(data, size), "fuzz.bin");
    if (table.values.size() != table.rows * table.columns || 24 + 8 * table.values.size() != size) std::abort();
  } catch (const ds::input_error&) {
  }
  return 0;
}
