#pragma once
// What the fuzz targets share: the fuzzer's bytes as text, as a command line, or as a choice
// byte followed by the rest.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pgasmr::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

inline std::span<const std::byte> as_bytes(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const std::byte*>(data), size};
}

/// The arguments of a command line, one per line (seed files are readable that way).
inline std::vector<std::string> as_arguments(std::string_view text) {
  std::vector<std::string> args;
  for (std::size_t start = 0; start <= text.size();) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start || end < text.size()) args.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return args;
}

}  // namespace pgasmr::fuzz
