#pragma once
/// @file
/// A text key as HashContainer stores it, in 16 bytes: a key of up to 15 bytes in place (its
/// ShortText: bytes and size), a longer one as the address and size of its copy in the
/// container's arena. Nearly every word of a text is that short, so a lookup compares two words
/// in registers instead of reading the stored bytes from elsewhere in memory, in a loop whose
/// length varies from word to word.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <pgasmr/mapreduce/detail/byte_arena.hpp>
#include <pgasmr/mapreduce/hash.hpp>

namespace pgasmr::mr::detail {

// A ShortText's words hold the bytes in memory order (little-endian loads), so view() can
// point at them.
static_assert(std::endian::native == std::endian::little, "ShortText packs bytes little-endian");

class StoredText {
 public:
  StoredText() = default;

  /// `text` stored in place when short (`words` is its ShortText), else copied into `arena`.
  StoredText(std::string_view text, ShortText words, ByteArena& arena) : words_(words) {
    if (text.size() > short_text_bytes)
      words_ = {reinterpret_cast<std::uintptr_t>(arena.store(text).data()), std::uint64_t{text.size()} | long_mark};
  }
  StoredText(std::string_view text, ByteArena& arena) : StoredText(text, short_text(text), arena) {}

  /// The stored bytes; for text kept in place, valid while this object stays where it is.
  std::string_view view() const noexcept {
    if (is_long()) return {reinterpret_cast<const char*>(words_.first), static_cast<std::size_t>(words_.second & ~long_mark)};
    return {reinterpret_cast<const char*>(&words_), static_cast<std::size_t>(words_.second >> size_shift)};
  }

  /// Whether `text`, whose ShortText is `words`, holds the same bytes: the words settle it for a
  /// short text (a long text's never equal stored ones: long_text_size_byte), so a hit reads
  /// neither `text` nor the stored copy; only a long text compares bytes.
  bool holds(std::string_view text, ShortText words) const noexcept {
    if (words == words_) [[likely]] return true;
    return text.size() > short_text_bytes && is_long() && same_bytes(view(), text);
  }
  bool holds(std::string_view text) const noexcept { return holds(text, short_text(text)); }

 private:
  static constexpr unsigned size_shift = short_text_size_shift;
  // A size byte no ShortText has: marks the address and size of a long text.
  static constexpr std::uint64_t long_mark = std::uint64_t{0xff} << size_shift;
  static_assert(long_text_size_byte != 0xff && long_text_size_byte > short_text_bytes);

  bool is_long() const noexcept { return (words_.second & long_mark) == long_mark; }

  ShortText words_{0, 0};
};

}  // namespace pgasmr::mr::detail
