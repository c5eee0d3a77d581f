#pragma once
/// @file
/// Phoenix++'s word: a maximal run of ASCII letters and apostrophes that starts with a letter.
/// Words compare case-insensitively and are reported in upper case; every other byte (digits,
/// punctuation, whitespace, bytes above 127) separates words.

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pgasmr::apps::wordcount {

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

/// Bit i set when p[i] can be part of a word (a letter or an apostrophe), for 64 bytes.
inline std::uint64_t word_byte_mask(const char* p) noexcept {
#if defined(__SSE2__)
  const __m128i case_bit = _mm_set1_epi8(0x20), a = _mm_set1_epi8('a'), z_minus_a = _mm_set1_epi8('z' - 'a'),
                apostrophe = _mm_set1_epi8('\'');
  std::uint64_t mask = 0;
  for (int i = 0; i < 4; ++i) {
    __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
    // A letter is 'a'..'z' once the case bit is set: (byte | 0x20) - 'a' <= 25, unsigned.
    __m128i offset = _mm_sub_epi8(_mm_or_si128(bytes, case_bit), a);
    __m128i letter = _mm_cmpeq_epi8(_mm_min_epu8(offset, z_minus_a), offset);
    __m128i word = _mm_or_si128(letter, _mm_cmpeq_epi8(bytes, apostrophe));
    mask |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(word))) << (16 * i);
  }
  return mask;
#else
  std::uint64_t mask = 0;
  for (std::size_t i = 0; i < block_bytes; ++i) mask |= std::uint64_t{is_word_byte(p[i])} << i;
  return mask;
#endif
}

}  // namespace detail

/// Calls on_word(std::string_view) for every word of `text`, in order, in its original case.
/// Works on 64 bytes at a time: a mask of the bytes that can belong to a word gives the runs of
/// letters and apostrophes without a branch per byte; a run's word starts at its first letter.
template <class OnWord>
void for_each_word(std::string_view text, OnWord&& on_word) {
  const char* const data = text.data();
  auto emit_run = [&](std::size_t begin, std::size_t end) {
    while (begin != end && !is_letter(data[begin])) ++begin;  // leading apostrophes are not part of it
    if (begin != end) on_word(std::string_view(data + begin, end - begin));
  };
  constexpr std::size_t none = ~std::size_t{0};
  std::size_t open_run = none;  // where a run that reached the end of the previous block began
  char tail[detail::block_bytes];
  for (std::size_t block = 0; block < text.size(); block += detail::block_bytes) {
    const char* bytes = data + block;
    if (text.size() - block < detail::block_bytes) {  // the last, short block: pad with separators
      std::memset(tail, ' ', sizeof tail);
      std::memcpy(tail, bytes, text.size() - block);
      bytes = tail;
    }
    std::uint64_t runs = detail::word_byte_mask(bytes);
    if (open_run != none) {
      if (~runs == 0) continue;  // the run goes on through this whole block
      auto end = static_cast<std::size_t>(std::countr_zero(~runs));
      emit_run(open_run, block + end);
      open_run = none;
      runs &= ~std::uint64_t{0} << end;
    }
    while (runs != 0) {
      auto begin = static_cast<std::size_t>(std::countr_zero(runs));
      std::uint64_t after = ~runs & (~std::uint64_t{0} << begin);
      if (after == 0) {  // the run reaches the end of the block
        open_run = block + begin;
        break;
      }
      auto end = static_cast<std::size_t>(std::countr_zero(after));
      emit_run(block + begin, block + end);
      runs &= ~std::uint64_t{0} << end;
    }
  }
  if (open_run != none) emit_run(open_run, text.size());
}

namespace detail {

// For the bytes a word may hold, clearing bit 5 maps 'a'..'z' onto 'A'..'Z' and the apostrophe
// (0x27) onto 0x07, which no other word byte reaches: so two words are equal ignoring case
// exactly when they are equal under this mask, 8 bytes at a time.
inline constexpr std::uint64_t case_fold_mask = 0xDFDFDFDFDFDFDFDFull;

inline std::uint64_t load8(const char* p) noexcept {
  std::uint64_t value;
  std::memcpy(&value, p, 8);
  return value;
}

/// A word of fewer than 8 bytes as one number, without reading past its end: two overlapping
/// 4-byte loads from 4 bytes on, bytes 0, n/2 and n-1 below (together they cover every byte,
/// so words of one length are equal exactly when their numbers are).
inline std::uint64_t short_word(const char* p, std::size_t n) noexcept {
  if (n >= 4) {
    std::uint32_t low, high;
    std::memcpy(&low, p, 4);
    std::memcpy(&high, p + n - 4, 4);
    return low | (std::uint64_t{high} << 32);
  }
  if (n == 0) return 0;
  auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(p[i])}; };
  return byte(0) | (byte(n / 2) << 8) | (byte(n - 1) << 16);
}

/// Calls piece(offset) for the 8-byte pieces that cover a word of n >= 8 bytes: every whole
/// block, then the last 8 bytes (overlapping the block before), so no load passes the end.
template <class Piece>
bool all_pieces(std::size_t n, Piece&& piece) {
  for (std::size_t i = 0; i + 8 < n; i += 8)
    if (!piece(i)) return false;
  return piece(n - 8);
}

}  // namespace detail

/// Case-insensitive hash of a word. Deterministic (no per-process seed), so every process of a
/// job places a word in the same partition. Defined for words only (letters and apostrophes).
struct CaseInsensitiveHash {
  std::uint64_t operator()(std::string_view word) const noexcept {
    // The length is spread over all bits, apart from the bytes that the pieces change.
    std::uint64_t h = (word.size() + 1) * 0x9E3779B97F4A7C15ull;
    auto mix = [&](std::uint64_t piece) {
      h = std::rotl((h ^ (piece & detail::case_fold_mask)) * 0xBF58476D1CE4E5B9ull, 31);
      return true;
    };
    if (word.size() < 8)
      mix(detail::short_word(word.data(), word.size()));
    else
      detail::all_pieces(word.size(), [&](std::size_t i) { return mix(detail::load8(word.data() + i)); });
    // murmur3's finaliser spreads the last bytes into the low bits that hash tables index with.
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    return h;
  }
};

/// Case-insensitive equality of two words (letters and apostrophes).
struct CaseInsensitiveEqual {
  bool operator()(std::string_view a, std::string_view b) const noexcept {
    if (a.size() != b.size()) return false;
    auto same = [](std::uint64_t x, std::uint64_t y) { return ((x ^ y) & detail::case_fold_mask) == 0; };
    if (a.size() < 8) return same(detail::short_word(a.data(), a.size()), detail::short_word(b.data(), b.size()));
    return detail::all_pieces(a.size(), [&](std::size_t i) {
      return same(detail::load8(a.data() + i), detail::load8(b.data() + i));
    });
  }
};

/// The reported spelling of a word: upper case.
inline std::string to_upper(std::string_view word) {
  std::string upper(word);
  for (char& c : upper)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - ('a' - 'A'));
  return upper;
}

}  // namespace pgasmr::apps::wordcount
