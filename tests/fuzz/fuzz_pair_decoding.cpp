// The engine's decoding of intermediate pairs (encoding.hpp, for_each_decoded) on any bytes:
// pgasmr::error for a truncated or malformed stream, never a crash or a read out of bounds. The
// first byte picks the key and value types (each data path: raw, length-prefixed, nested
// vectors, Boost); what decodes must encode to bytes that decode and encode to the same bytes.

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/mapreduce/detail/pair_streams.hpp>
#include <pgasmr/pgas/error.hpp>

#include "fuzz_input.hpp"
#include "fuzz_record.hpp"

namespace {

namespace mr = pgasmr::mr;

template <class K, class V>
std::vector<std::byte> decode_and_encode(std::span<const std::byte> bytes) {
  std::vector<std::byte> encoded;
  mr::ByteWriter out(encoded);
  mr::detail::for_each_decoded<K, V>(bytes, [&](const K& key, const V& value) { mr::encode_pair(out, key, value); });
  return encoded;
}

template <class K, class V>
void fuzz(std::span<const std::byte> bytes) {
  std::vector<std::byte> once;
  try {
    once = decode_and_encode<K, V>(bytes);
  } catch (const pgasmr::error&) {
    return;
  }
  if (decode_and_encode<K, V>(once) != once) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  auto bytes = pgasmr::fuzz::as_bytes(data + 1, size - 1);
  switch (data[0] % 5) {
    case 0: fuzz<std::string_view, std::uint64_t>(bytes); break;  // word count
    case 1: fuzz<std::string, std::vector<std::uint32_t>>(bytes); break;
    case 2: fuzz<std::vector<std::string>, double>(bytes); break;
    case 3: fuzz<std::uint32_t, std::vector<std::vector<std::uint8_t>>>(bytes); break;
    case 4: fuzz<std::string_view, pgasmr::fuzz::Record>(bytes); break;  // the Boost path
  }
  return 0;
}
