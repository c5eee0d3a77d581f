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

/// Calls on_word(std::string_view) for every word of `text`, in order, in its original case.
template <class OnWord>
void for_each_word(std::string_view text, OnWord&& on_word) {
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p != end) {
    while (p != end && !is_letter(*p)) ++p;
    const char* start = p;
    while (p != end && is_word_byte(*p)) ++p;
    if (p != start) on_word(std::string_view(start, static_cast<std::size_t>(p - start)));
  }
}

namespace detail {

// For the bytes a word may hold, clearing bit 5 maps 'a'..'z' onto 'A'..'Z' and the apostrophe
// (0x27) onto 0x07, which no other word byte reaches: so two words are equal ignoring case
// exactly when they are equal under this mask, 8 bytes at a time.
inline constexpr std::uint64_t case_fold_mask = 0xDFDFDFDFDFDFDFDFull;

/// The 8 bytes of `p` from `offset` (fewer at the end, zero-filled).
inline std::uint64_t load_word_bytes(const char* p, std::size_t offset, std::size_t size) noexcept {
  std::uint64_t value = 0;
  std::memcpy(&value, p + offset, size - offset < 8 ? size - offset : 8);
  return value;
}

}  // namespace detail

/// Case-insensitive hash of a word. Deterministic (no per-process seed), so every process of a
/// job places a word in the same partition. Defined for words only (letters and apostrophes).
struct CaseInsensitiveHash {
  std::uint64_t operator()(std::string_view word) const noexcept {
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ word.size();
    for (std::size_t i = 0; i < word.size(); i += 8) {
      h ^= detail::load_word_bytes(word.data(), i, word.size()) & detail::case_fold_mask;
      h = std::rotl(h * 0xBF58476D1CE4E5B9ull, 31);
    }
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
    for (std::size_t i = 0; i < a.size(); i += 8) {
      auto x = detail::load_word_bytes(a.data(), i, a.size()) ^ detail::load_word_bytes(b.data(), i, b.size());
      if ((x & detail::case_fold_mask) != 0) return false;
    }
    return true;
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
