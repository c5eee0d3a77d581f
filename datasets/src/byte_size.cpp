#include <pgasmr/datasets/byte_size.hpp>

#include <array>
#include <charconv>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace pgasmr::datasets {
namespace {

int suffix_shift(char suffix) {
  switch (suffix) {
    case 'k': case 'K': return 10;
    case 'm': case 'M': return 20;
    case 'g': case 'G': return 30;
    case 't': case 'T': return 40;
    default: return -1;
  }
}

}  // namespace

std::uint64_t parse_byte_size(std::string_view text) {
  auto invalid = [&](const char* why) {
    return std::invalid_argument("invalid size '" + std::string(text) + "': " + why);
  };
  auto digits = text;
  int shift = 0;
  if (!digits.empty() && suffix_shift(digits.back()) >= 0) {
    shift = suffix_shift(digits.back());
    digits.remove_suffix(1);
  }
  std::uint64_t value = 0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || error == std::errc::invalid_argument || end != digits.data() + digits.size())
    throw invalid("expected digits with an optional K, M, G or T suffix");
  if (error == std::errc::result_out_of_range || value > (std::numeric_limits<std::uint64_t>::max() >> shift))
    throw invalid("too large");
  return value << shift;
}

std::string format_byte_size(std::uint64_t bytes) {
  static constexpr std::array<const char*, 5> units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
  if (bytes < 1024) return std::to_string(bytes) + " B";
  auto value = static_cast<double>(bytes) / 1024;
  std::size_t unit = 0;
  while (value >= 1024 && unit + 1 < units.size()) {
    value /= 1024;
    ++unit;
  }
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.1f %s", value, units[unit]);
  return text.data();
}

}  // namespace pgasmr::datasets
