// The byte-size parser (--bytes 200M) on any text: a value or std::invalid_argument, and a value
// that format_byte_size can print.

#include <cstdint>
#include <stdexcept>

#include <pgasmr/datasets/byte_size.hpp>

#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    auto bytes = pgasmr::datasets::parse_byte_size(pgasmr::fuzz::as_text(data, size));
    (void)pgasmr::datasets::format_byte_size(bytes);
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
