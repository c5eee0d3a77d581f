#pragma once
// Test inputs for word count and an independent model of its result: a plain character-by-
// character reading of Phoenix++'s word definition, with std::map and std::toupper.

#include <cctype>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "wordcount/word_counts.hpp"

namespace pgasmr::apps::test {

/// Upper-case word -> count, by the definition: a letter, then letters and apostrophes.
inline std::map<std::string, std::uint64_t> model_word_counts(std::string_view text) {
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  std::map<std::string, std::uint64_t> counts;
  std::string word;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    char c = i < text.size() ? text[i] : ' ';
    if (letter(c) || (c == '\'' && !word.empty())) {
      word += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    } else if (!word.empty()) {
      ++counts[word];
      word.clear();
    }
  }
  return counts;
}

/// The model's result in the apps' form (sorted for output).
inline wordcount::WordCounts model_result(std::string_view text) {
  return wordcount::WordCounts::from_pairs(model_word_counts(text));
}

/// A deterministic text of about `bytes` bytes: mixed case, apostrophes, punctuation, digits,
/// bytes above 127 and a skewed choice of words, so that counts vary.
inline std::string sample_text(std::size_t bytes, std::uint64_t seed) {
  static const char* const words[] = {"the", "The", "THE", "of", "and", "don't", "Don't", "cat's", "a''b", "zebra",
                                      "quick", "Quick", "brown", "fox", "'tis", "na\xC3\xAFve", "x", "jumps", "over",
                                      "lazy", "dogs'", "A", "b2b", "e-mail"};
  static const char* const gaps[] = {" ", " ", " ", "\n", ", ", ". ", "; ", "!\n", " -- ", "\t", " 42 "};
  std::string text;
  std::uint64_t state = seed;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state >> 33;
  };
  while (text.size() < bytes) {
    auto r = next();
    // Squaring skews the choice towards the first words.
    auto pick = (r % 1000) * (r % 1000) * std::size(words) / 1'000'000;
    text += words[pick];
    text += gaps[next() % std::size(gaps)];
  }
  return text;
}

}  // namespace pgasmr::apps::test
