// pgasmr-datagen's command line (one argument per line of the input): parsed or refused with a
// usage_error, never anything else.

#include <cstdint>

#include "datagen_arguments.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace datagen = pgasmr::datasets::datagen;
  try {
    (void)datagen::parse_arguments(pgasmr::fuzz::as_arguments(pgasmr::fuzz::as_text(data, size)));
  } catch (const datagen::usage_error&) {
  }
  return 0;
}
