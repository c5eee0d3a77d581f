// spamcount's keyword file on any bytes: keywords (each findable in upper case) or an
// input_error naming the line, never anything else.

#include <cstdint>
#include <cstdlib>

#include <pgasmr/datasets/error.hpp>

#include "fuzz_input.hpp"
#include "spamcount/keywords.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace sc = pgasmr::apps::spamcount;
  try {
    auto keywords = sc::Keywords::parse(pgasmr::fuzz::as_text(data, size), "fuzz.txt");
    if (keywords.distinct().empty()) std::abort();
    for (std::size_t i = 0; i < keywords.distinct().size(); ++i)
      if (keywords.find(keywords.distinct()[i]) != i) std::abort();
  } catch (const pgasmr::datasets::input_error&) {
  }
  return 0;
}
