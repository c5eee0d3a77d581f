#pragma once
/// @file
/// The runs of grep's word constituents in a line, found 64 bytes at a time: a mask of the
/// bytes that are word constituents (SSE2, part of every x86-64), then one step per run start
/// and end. A loop over bytes mispredicts the branch at the end of every run; string match
/// spent most of its time there.

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "stringmatch/key_set.hpp"

namespace pgasmr::apps::stringmatch {

/// Bit i set when bytes[i] (of 64) is a word constituent.
inline std::uint64_t word_constituent_mask(const char* bytes) noexcept {
  std::uint64_t mask = 0;
#if defined(__SSE2__)
  // Signed byte compares: bytes above 127 are negative and fall outside every range.
  auto within = [](__m128i c, char low, char high) {
    return _mm_and_si128(_mm_cmpgt_epi8(c, _mm_set1_epi8(static_cast<char>(low - 1))),
                         _mm_cmpgt_epi8(_mm_set1_epi8(static_cast<char>(high + 1)), c));
  };
  for (int part = 0; part < 4; ++part) {
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + 16 * part));
    const __m128i letter = within(_mm_or_si128(c, _mm_set1_epi8(0x20)), 'a', 'z');  // either case
    const __m128i word = _mm_or_si128(_mm_or_si128(letter, within(c, '0', '9')), _mm_cmpeq_epi8(c, _mm_set1_epi8('_')));
    mask |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(word))} << (16 * part);
  }
#else
  for (int i = 0; i < 64; ++i) mask |= std::uint64_t{is_word_constituent(bytes[i])} << i;
#endif
  return mask;
}

/// Calls `found(run)` for each maximal run of word constituents of `line`, in order, until one
/// call returns true; returns whether one did.
template <class Found>
bool any_word_run(std::string_view line, Found&& found) {
  const std::size_t n = line.size();
  std::size_t start = 0;    // of the run under way
  std::uint64_t carry = 0;  // 1: the byte before the block is a word constituent
  for (std::size_t base = 0; base < n; base += 64) {
    const char* bytes = line.data() + base;
    char tail[64];  // the last bytes, padded with NULs (non-word bytes): no load past the line
    if (n - base < 64) {
      std::memset(tail, 0, sizeof tail);
      std::memcpy(tail, bytes, n - base);
      bytes = tail;
    }
    const std::uint64_t words = word_constituent_mask(bytes);
    // A set bit where a run starts (a word byte after a non-word one) or ends (the reverse).
    for (std::uint64_t edges = words ^ (words << 1 | carry); edges != 0; edges &= edges - 1) {
      const auto at = static_cast<std::size_t>(std::countr_zero(edges));
      if (words >> at & 1)
        start = base + at;
      else if (found(line.substr(start, base + at - start)))
        return true;
    }
    carry = words >> 63;
  }
  return carry != 0 && found(line.substr(start));  // a run up to the line's end, on a block's edge
}

}  // namespace pgasmr::apps::stringmatch
