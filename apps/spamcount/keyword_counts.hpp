#pragma once
/// @file
/// The result of spam count in the form every version (engine, baselines) reports it, so they
/// can be compared and written the same way.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "spamcount/keywords.hpp"

namespace pgasmr::apps::spamcount {

struct KeywordCount {
  std::string keyword;  ///< upper case
  std::uint64_t count = 0;
  friend bool operator==(const KeywordCount&, const KeywordCount&) = default;
};

/// One entry per keyword line of the keyword file, in its order (a repeated keyword at each of
/// its lines, with the same count).
class KeywordCounts {
 public:
  KeywordCounts() = default;
  /// `distinct_counts[i]` is the count of keywords.distinct()[i].
  KeywordCounts(const Keywords& keywords, std::span<const std::uint64_t> distinct_counts);

  const std::vector<KeywordCount>& entries() const noexcept { return entries_; }
  friend bool operator==(const KeywordCounts&, const KeywordCounts&) = default;

 private:
  std::vector<KeywordCount> entries_;
};

/// The --output format: one `KEYWORD<TAB>count` line per keyword line, in the file's order.
std::string format_keyword_counts(const KeywordCounts& counts);

/// Tells what differs between two results (empty when they are equal), for --verify.
std::string describe_difference(const KeywordCounts& expected, const KeywordCounts& actual);

}  // namespace pgasmr::apps::spamcount
