#pragma once
/// @file
/// The result of word count in the form every version (engine, baselines) reports it, so they can
/// be compared and written the same way.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/words.hpp"

namespace pgasmr::apps::wordcount {

struct WordCount {
  std::string word;  ///< upper case
  std::uint64_t count = 0;
  friend bool operator==(const WordCount&, const WordCount&) = default;
};

/// Every distinct word once, in output order: by count descending, then word ascending.
class WordCounts {
 public:
  WordCounts() = default;
  /// Takes (word in any case, count) pairs with distinct words ignoring case; upper-cases and sorts.
  template <class Pairs>
  static WordCounts from_pairs(const Pairs& pairs) {
    return from(pairs, [](std::string_view word) { return to_upper(word); });
  }
  /// The same for words in upper case already (the engine's: it upper-cases the text), taken as
  /// they are: upper-casing word count's 102,000 words again cost about 12 of the 35 million
  /// instructions of its sort by count.
  template <class Pairs>
  static WordCounts from_upper_case_pairs(const Pairs& pairs) {
    return from(pairs, [](std::string_view word) { return std::string(word); });
  }

  const std::vector<WordCount>& entries() const noexcept { return entries_; }
  std::uint64_t total_words() const noexcept;
  friend bool operator==(const WordCounts&, const WordCounts&) = default;

 private:
  template <class Pairs, class Spell>
  static WordCounts from(const Pairs& pairs, Spell spell) {
    std::vector<WordCount> entries;
    entries.reserve(pairs.size());
    for (const auto& [word, count] : pairs) entries.push_back({spell(word), count});
    return WordCounts(std::move(entries));
  }
  explicit WordCounts(std::vector<WordCount> entries);
  std::vector<WordCount> entries_;
};

/// The --output format: one `WORD<TAB>count` line per word, in output order.
std::string format_word_counts(const WordCounts& counts);

/// Tells what differs between two results (empty when they are equal), for --verify.
std::string describe_difference(const WordCounts& expected, const WordCounts& actual);

}  // namespace pgasmr::apps::wordcount
