// The apps' shared command line (one argument per line of the input): parsed or refused with a
// usage_error, never anything else.

#include <cstdint>

#include "common/options.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)pgasmr::apps::parse_options(pgasmr::fuzz::as_arguments(pgasmr::fuzz::as_text(data, size)));
  } catch (const pgasmr::apps::usage_error&) {
  }
  return 0;
}
