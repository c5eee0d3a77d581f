#pragma once
/// @file
/// How the baselines find keywords: words in the text's own case, looked up in a hash map that
/// ignores case (the engine upper-cases its pieces and looks them up byte for byte instead).

#include <cstdint>
#include <span>
#include <string_view>
#include <unordered_map>

#include <pgasmr/mapreduce/case_insensitive.hpp>

#include "spamcount/keywords.hpp"
#include "common/words.hpp"

namespace pgasmr::apps::spamcount {

class KeywordLookup {
 public:
  /// Refers to `keywords`, which must outlive it.
  explicit KeywordLookup(const Keywords& keywords) {
    for (std::uint32_t i = 0; i < keywords.distinct().size(); ++i) index_.emplace(keywords.distinct()[i], i);
  }

  /// Adds the keywords of `text` to `counts` (indexed as Keywords::distinct()).
  void count(std::string_view text, std::span<std::uint64_t> counts) const {
    for_each_word(text, [&](std::string_view word) {
      if (auto found = index_.find(word); found != index_.end()) ++counts[found->second];
    });
  }

 private:
  std::unordered_map<std::string_view, std::uint32_t, mr::ascii_case_insensitive_hash, mr::ascii_case_insensitive_equal>
      index_;
};

}  // namespace pgasmr::apps::spamcount
