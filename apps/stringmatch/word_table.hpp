#pragma once
/// @file
/// A set of words for string match's one lookup per word of the text: open addressing in one
/// array, behind a filter of 65,536 bits. Most words of a text are no key; the filter (8 KiB,
/// in the first-level cache) tells most of them so without a probe of the table, where a
/// std::unordered_set took a division, a node and a string per lookup (the matcher's whole time).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/mapreduce/hash.hpp>

namespace pgasmr::apps::stringmatch {

class WordTable {
 public:
  /// Adds `word` (not empty); a word already there changes nothing.
  void insert(std::string_view word);

  bool contains(std::string_view word) const noexcept {
    const std::uint64_t hash = mr::hash_bytes(word.data(), word.size());
    return passes_filter(hash) && find(word, hash) != nullptr;
  }

  std::size_t size() const noexcept { return size_; }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::uint64_t offset = 0;  ///< of the word in bytes_
    std::uint64_t length = 0;  ///< 0: an empty slot (no word is empty)
  };

  /// The filter holds one bit per hash's top 16 bits (the table's index takes the low ones).
  bool passes_filter(std::uint64_t hash) const noexcept { return (filter_[hash >> 54] >> (hash >> 48 & 63) & 1) != 0; }
  void add_to_filter(std::uint64_t hash) noexcept { filter_[hash >> 54] |= std::uint64_t{1} << (hash >> 48 & 63); }

  const Slot* find(std::string_view word, std::uint64_t hash) const noexcept {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t at = hash & mask;; at = (at + 1) & mask) {
      const Slot& slot = slots_[at];
      if (slot.length == 0) return nullptr;
      if (slot.hash == hash && std::string_view(bytes_).substr(slot.offset, slot.length) == word) return &slot;
    }
  }

  /// Into the first empty slot from its hash's (the table has one).
  void place(const Slot& slot);

  std::string bytes_;  ///< the words, end to end
  std::vector<Slot> slots_ = std::vector<Slot>(16);  ///< a power of two, at most a quarter full
  std::vector<std::uint64_t> filter_ = std::vector<std::uint64_t>(1024);  ///< 65,536 bits
  std::size_t size_ = 0;
};

}  // namespace pgasmr::apps::stringmatch
