#pragma once
// Words drawn with Zipf frequencies: the word of rank k (from 0) in proportion to
// 1 / (k + 1)^s, in constant time (Vose's alias method). Built for speed, since a corpus of
// hundreds of MB draws tens of millions of words: each alias-table column also holds its word,
// so a draw touches one 32-byte entry (plus the alias's, nearly always a hot frequent word), and
// draws are decided a few steps ahead so that entry is prefetched before it is needed.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "random.hpp"

namespace pgasmr::datasets::detail {

class ZipfVocabulary {
 public:
  /// Throws std::invalid_argument when `words_by_rank` is empty or has 2^32 words or more, or
  /// `s` is negative or not finite.
  ZipfVocabulary(const std::vector<std::string>& words_by_rank, double s, Random random);

  /// The next word, valid as long as this object.
  std::string_view next() noexcept {
    auto bits = pending_[slot_];
    pending_[slot_] = random_.next();
    __builtin_prefetch(&entries_[column_of(pending_[slot_])]);
    slot_ = (slot_ + 1) % lookahead;
    const Entry& column = entries_[column_of(bits)];
    const Entry& chosen = static_cast<std::uint32_t>(bits >> 32) < column.threshold ? column : entries_[column.alias];
    return word_of(chosen);
  }

 private:
  static constexpr std::size_t lookahead = 8;
  static constexpr std::size_t inline_bytes = 20;

  /// Column c of the alias table and word c. The column yields word c when a 32-bit coin is
  /// below `threshold`, else word `alias`; a column keeping all its mass has alias == c, so the
  /// threshold never needs the value 2^32.
  struct alignas(32) Entry {
    std::uint32_t threshold;
    std::uint32_t alias;
    std::uint32_t size;
    char text[inline_bytes];  // the word, or for longer words its offset in long_words_
  };
  static_assert(sizeof(Entry) == 32);

  std::uint32_t column_of(std::uint64_t bits) const noexcept {
    return static_cast<std::uint32_t>(((bits & 0xffffffff) * entries_.size()) >> 32);
  }
  std::string_view word_of(const Entry& entry) const noexcept;

  std::vector<Entry> entries_;
  std::string long_words_;
  Random random_;
  std::array<std::uint64_t, lookahead> pending_{};
  std::size_t slot_ = 0;
};

}  // namespace pgasmr::datasets::detail
