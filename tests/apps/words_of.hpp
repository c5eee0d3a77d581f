#pragma once
// The words of a text as the text apps find them (common/words.hpp), for the tests to compare.

#include <string>
#include <string_view>
#include <vector>

#include "common/words.hpp"

namespace pgasmr::apps::test {

inline std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  for_each_word(text, [&](std::string_view word) { words.emplace_back(word); });
  return words;
}

}  // namespace pgasmr::apps::test
