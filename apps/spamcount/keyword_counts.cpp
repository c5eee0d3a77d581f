#include "spamcount/keyword_counts.hpp"

#include <stdexcept>

#include "common/difference_report.hpp"

namespace pgasmr::apps::spamcount {

KeywordCounts::KeywordCounts(const Keywords& keywords, std::span<const std::uint64_t> distinct_counts) {
  if (distinct_counts.size() != keywords.distinct().size())
    throw std::invalid_argument("KeywordCounts: " + std::to_string(distinct_counts.size()) + " counts for " +
                                std::to_string(keywords.distinct().size()) + " keywords");
  entries_.reserve(keywords.lines().size());
  for (auto keyword : keywords.lines()) entries_.push_back({keywords.distinct()[keyword], distinct_counts[keyword]});
}

std::string format_keyword_counts(const KeywordCounts& counts) {
  std::string text;
  for (const auto& [keyword, count] : counts.entries())
    text.append(keyword).append(1, '\t').append(std::to_string(count)).append(1, '\n');
  return text;
}

std::string describe_difference(const KeywordCounts& expected, const KeywordCounts& actual) {
  const auto& want = expected.entries();
  const auto& got = actual.entries();
  if (want == got) return {};
  if (want.size() != got.size())
    return std::to_string(want.size()) + " keyword lines expected, " + std::to_string(got.size()) + " found";
  DifferenceReport report;
  for (std::size_t line = 0; line < want.size(); ++line)
    if (want[line] != got[line])
      report.note([&] {
        return "keyword " + std::to_string(line + 1) + " " +
               (want[line].keyword == got[line].keyword
                    ? want[line].keyword + ": " + std::to_string(got[line].count) + " instead of " +
                          std::to_string(want[line].count)
                    : got[line].keyword + " instead of " + want[line].keyword);
      });
  return report.str("keywords");
}

}  // namespace pgasmr::apps::spamcount
