// The Boost.Serialization data path (serialization.hpp) on any archive bytes: pgasmr::error for
// a malformed archive, never a crash or a read out of bounds. The first byte picks the type;
// what decodes must encode to an archive that decodes and encodes to the same bytes.

#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/serialization.hpp>
#include <pgasmr/pgas/error.hpp>

#include "fuzz_input.hpp"
#include "fuzz_record.hpp"

namespace {

namespace mrd = pgasmr::mr::detail;

template <class T>
void fuzz(std::span<const std::byte> bytes) {
  std::vector<std::byte> once;
  try {
    mrd::boost_encode(once, mrd::boost_decode<T>(bytes));
  } catch (const pgasmr::error&) {
    return;
  }
  std::vector<std::byte> twice;
  mrd::boost_encode(twice, mrd::boost_decode<T>(once));
  if (twice != once) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  auto bytes = pgasmr::fuzz::as_bytes(data + 1, size - 1);
  switch (data[0] % 3) {
    case 0: fuzz<pgasmr::fuzz::Record>(bytes); break;
    case 1: fuzz<std::map<std::string, std::vector<int>>>(bytes); break;
    case 2: fuzz<std::pair<std::string, std::vector<std::string>>>(bytes); break;
  }
  return 0;
}
