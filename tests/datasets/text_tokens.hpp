#pragma once
// Splits generated prose back into its words, for tests: blanks separate tokens, and the
// punctuation the generator adds after a word is stripped (apostrophes belong to words).

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace pgasmr::test {

/// ASCII letters lowered, other bytes (apostrophes, UTF-8) unchanged.
inline std::string ascii_lower(std::string_view word) {
  std::string lowered(word);
  for (auto& c : lowered)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return lowered;
}

inline std::vector<std::string_view> tokens(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < text.size()) {
    auto end = text.find_first_of(" \n", at);
    if (end == std::string_view::npos) end = text.size();
    auto token = text.substr(at, end - at);
    while (!token.empty() && std::string_view(",;:.?!").find(token.back()) != std::string_view::npos) token.remove_suffix(1);
    if (!token.empty()) words.push_back(token);
    at = end + 1;
  }
  return words;
}

/// Occurrences of each word, compared without ASCII case.
inline std::map<std::string, std::size_t> word_counts(std::string_view text) {
  std::map<std::string, std::size_t> counts;
  for (auto token : tokens(text)) ++counts[ascii_lower(token)];
  return counts;
}

/// The counts from most to least frequent.
inline std::vector<std::size_t> sorted_counts(const std::map<std::string, std::size_t>& counts) {
  std::vector<std::size_t> values;
  for (const auto& [word, count] : counts) values.push_back(count);
  std::sort(values.rbegin(), values.rend());
  return values;
}

}  // namespace pgasmr::test
