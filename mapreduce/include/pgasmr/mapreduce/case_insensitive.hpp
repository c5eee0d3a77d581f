#pragma once
/// @file
/// ASCII case-insensitive hash and equality for text keys (std::string_view, std::string), for
/// HashContainer: "The" and "the" are one key. Only A-Z fold; other bytes compare as they are.
/// Both work on eight bytes at a time, so a word-count map pays little for ignoring case.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include <pgasmr/mapreduce/hash.hpp>

namespace pgasmr::mr {

namespace detail {

/// The eight bytes of `word` with A-Z turned into a-z (SWAR: no per-byte branches).
constexpr std::uint64_t ascii_lower(std::uint64_t word) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL;
  constexpr std::uint64_t high = 0x8080808080808080ULL;
  auto low7 = word & ~high;
  auto at_least_a = low7 + (0x80 - 'A') * ones;   // high bit set where the byte >= 'A'
  auto above_z = low7 + (0x80 - 'Z' - 1) * ones;  // high bit set where the byte > 'Z'
  auto upper = at_least_a & ~above_z & ~word & high;  // and not a byte >= 0x80
  return word | (upper >> 2);                         // 0x80 >> 2 == 0x20, the case bit
}

}  // namespace detail

struct ascii_case_insensitive_hash {
  std::uint64_t operator()(std::string_view key) const noexcept {
    return detail::hash_words(key.data(), key.size(), 0, detail::ascii_lower);
  }
};

struct ascii_case_insensitive_equal {
  bool operator()(std::string_view a, std::string_view b) const noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t at = 0; at < a.size(); at += 8) {
      auto left = detail::pack_word(a.data() + at, a.size() - at);
      auto right = detail::pack_word(b.data() + at, b.size() - at);
      if (left != right && detail::ascii_lower(left) != detail::ascii_lower(right)) return false;
    }
    return true;
  }
};

}  // namespace pgasmr::mr
