#pragma once
/// @file
/// Phoenix++'s word: a maximal run of ASCII letters and apostrophes that starts with a letter.
/// Words compare case-insensitively and are reported in upper case (the engine upper-cases the
/// text first; the baselines key with mr::ascii_case_insensitive_hash and _equal); every other
/// byte (digits, punctuation, whitespace, bytes above 127) separates words.

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pgasmr::apps {

enum class ByteClass : std::uint8_t { separator, letter, apostrophe };

/// One lookup per byte instead of locale-dependent <cctype> calls.
inline constexpr std::array<ByteClass, 256> byte_classes = [] {
  std::array<ByteClass, 256> classes{};
  for (int c = 'A'; c <= 'Z'; ++c) classes[static_cast<std::size_t>(c)] = ByteClass::letter;
  for (int c = 'a'; c <= 'z'; ++c) classes[static_cast<std::size_t>(c)] = ByteClass::letter;
  classes['\''] = ByteClass::apostrophe;
  return classes;
}();

inline bool is_letter(char c) noexcept { return byte_classes[static_cast<unsigned char>(c)] == ByteClass::letter; }
inline bool is_word_byte(char c) noexcept {
  return byte_classes[static_cast<unsigned char>(c)] != ByteClass::separator;
}

namespace detail {

inline constexpr std::size_t block_bytes = 64;

/// For 64 bytes: bit i of `word_bytes` set when p[i] can be part of a word (a letter or an
/// apostrophe), of `apostrophes` when it is an apostrophe.
struct ByteMasks {
  std::uint64_t word_bytes = 0, apostrophes = 0;
};

/// The masks of the 64 bytes at p; with UpperCase, the bytes are also upper-cased where they
/// lie (the letters lose their case bit), from the letters' mask the scan computes anyway.
template <bool UpperCase, class Char>
inline ByteMasks byte_masks(Char* p) noexcept {
  ByteMasks masks;
#if defined(__SSE2__)
  const __m128i case_bit = _mm_set1_epi8(0x20), a = _mm_set1_epi8('a'), z_minus_a = _mm_set1_epi8('z' - 'a'),
                apostrophe = _mm_set1_epi8('\'');
  auto bits = [](__m128i bytes, int i) {
    return static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(bytes))) << (16 * i);
  };
  for (int i = 0; i < 4; ++i) {
    __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
    // A letter is 'a'..'z' once the case bit is set: (byte | 0x20) - 'a' <= 25, unsigned.
    __m128i offset = _mm_sub_epi8(_mm_or_si128(bytes, case_bit), a);
    __m128i letter = _mm_cmpeq_epi8(_mm_min_epu8(offset, z_minus_a), offset);
    __m128i is_apostrophe = _mm_cmpeq_epi8(bytes, apostrophe);
    masks.word_bytes |= bits(_mm_or_si128(letter, is_apostrophe), i);
    masks.apostrophes |= bits(is_apostrophe, i);
    if constexpr (UpperCase)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 16 * i), _mm_andnot_si128(_mm_and_si128(letter, case_bit), bytes));
  }
#else
  for (std::size_t i = 0; i < block_bytes; ++i) {
    masks.word_bytes |= std::uint64_t{is_word_byte(p[i])} << i;
    masks.apostrophes |= std::uint64_t{p[i] == '\''} << i;
    if constexpr (UpperCase) p[i] = static_cast<char>(p[i] & ~(is_letter(p[i]) ? 0x20 : 0));
  }
#endif
  return masks;
}

/// for_each_word and for_each_word_upper_casing: the words of size bytes at data.
template <bool UpperCase, class Char, class OnWord>
void scan_words(Char* const data, const std::size_t size, OnWord& on_word) {
  auto emit_run = [&](std::size_t begin, std::size_t end) {
    while (begin != end && !is_letter(data[begin])) ++begin;  // leading apostrophes are not part of it
    if (begin != end) on_word(std::string_view(data + begin, end - begin));
  };
  constexpr std::size_t none = ~std::size_t{0};
  std::size_t open_run = none;  // where a run that reached the end of the previous block began
  char tail[block_bytes];
  for (std::size_t block = 0; block < size; block += block_bytes) {
    Char* bytes = data + block;
    if (size - block < block_bytes) {  // the last, short block: pad with separators
      std::memset(tail, ' ', sizeof tail);
      std::memcpy(tail, bytes, size - block);
      bytes = tail;
    }
    auto [runs, apostrophes] = byte_masks<UpperCase>(bytes);
    if constexpr (UpperCase)
      if (bytes == tail) std::memcpy(data + block, tail, size - block);
    if (open_run != none) {
      if (~runs == 0) continue;  // the run goes on through this whole block
      auto end = static_cast<std::size_t>(std::countr_zero(~runs));
      emit_run(open_run, block + end);
      open_run = none;
      runs &= ~std::uint64_t{0} << end;
    }
    while (runs != 0) {
      auto begin = static_cast<std::size_t>(std::countr_zero(runs));
      // Adding its lowest bit carries through the lowest run: the sum's lowest bit is the first
      // after the run (no shifts by a variable count, which cost extra instructions).
      const std::uint64_t first = runs & (~runs + 1);
      const std::uint64_t carried = runs + first;
      if (carried == 0) {  // the run reaches the end of the block
        open_run = block + begin;
        break;
      }
      auto end = static_cast<std::size_t>(std::countr_zero(carried));
      if ((apostrophes & first) == 0) [[likely]]  // starts with a letter: the word is the run
        on_word(std::string_view(data + block + begin, end - begin));
      else
        emit_run(block + begin, block + end);
      runs &= carried;
    }
  }
  if (open_run != none) emit_run(open_run, size);
}

}  // namespace detail

/// Calls on_word(std::string_view) for every word of `text`, in order, in its original case.
/// Works on 64 bytes at a time: a mask of the bytes that can belong to a word gives the runs of
/// letters and apostrophes without a branch per byte; a run's word starts at its first letter
/// (a mask of the apostrophes tells the runs that start with one, the only ones looked into).
template <class OnWord>
void for_each_word(std::string_view text, OnWord&& on_word) {
  detail::scan_words<false>(text.data(), text.size(), on_word);
}

/// Upper-cases `text` where it lies (as upper_case_in_place) and calls on_word for each of its
/// words, in upper case, as for_each_word does: one pass over the bytes instead of two, from the
/// letters' mask the scan computes anyway (word count's map: 2.4 instructions a word fewer).
template <class OnWord>
void for_each_word_upper_casing(std::span<char> text, OnWord&& on_word) {
  detail::scan_words<true>(text.data(), text.size(), on_word);
}

/// ASCII 'a'..'z' to upper case where the bytes lie, every other byte kept; branch-free per byte,
/// so the compiler vectorizes it. (A raw pointer: a char store through a std::string's operator[]
/// may alias the string's own pointer, which made GCC reload it for every byte and keep the loop
/// scalar.)
inline void upper_case_in_place(char* bytes, std::size_t size) noexcept {
  for (std::size_t i = 0; i < size; ++i) {
    auto c = static_cast<unsigned char>(bytes[i]);
    bytes[i] = static_cast<char>(c - (static_cast<unsigned char>(c - 'a') < 26 ? 'a' - 'A' : 0));
  }
}

/// `text` in upper case, in `out`.
inline void to_upper_into(std::string_view text, std::string& out) {
  out.assign(text);
  upper_case_in_place(out.data(), out.size());
}

/// `text` as bytes that may be changed: `buffer`'s own as they are when `text` lies there (a
/// piece read from a file), else a copy in `buffer` (a text held in memory). Upper-cased in
/// place, a piece and an upper-case copy of it no longer share the second-level cache (word
/// count's map at 2 threads 4% faster).
inline std::span<char> writable_in(std::string_view text, std::string& buffer) {
  if (text.data() != buffer.data()) buffer.assign(text);
  return std::span(buffer.data(), text.size());
}

/// The reported spelling of a word: upper case.
inline std::string to_upper(std::string_view word) {
  std::string upper;
  to_upper_into(word, upper);
  return upper;
}

}  // namespace pgasmr::apps
