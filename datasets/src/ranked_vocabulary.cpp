#include "ranked_vocabulary.hpp"

#include <iterator>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <utility>

#include <pgasmr/datasets/corpus.hpp>

#include "random.hpp"
#include "word_list.hpp"

namespace pgasmr::datasets::detail {
std::vector<std::string> vocabulary(const std::filesystem::path& dictionary) {
  if (dictionary.empty()) return builtin_word_list();
  std::error_code error;
  if (dictionary == system_dictionary && !std::filesystem::exists(dictionary, error)) return builtin_word_list();
  return load_word_list(dictionary);
}

std::vector<std::string> by_frequency_rank(std::vector<std::string> words, std::uint64_t seed) {
  std::vector<std::string> ranked;
  ranked.reserve(words.size());
  std::unordered_map<std::string_view, std::size_t> position;
  for (std::size_t i = 0; i < words.size(); ++i) position.emplace(words[i], i);  // the first of duplicates
  std::vector<bool> taken(words.size());
  for (auto common : common_english_words())
    if (auto found = position.find(common); found != position.end()) {
      ranked.push_back(words[found->second]);
      taken[found->second] = true;
    }
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < words.size(); ++i)
    if (!taken[i]) rest.push_back(std::move(words[i]));
  Random random(seed, /*stream=*/0);
  for (auto i = rest.size(); i > 1; --i)  // Fisher-Yates, with our generator for portability
    std::swap(rest[i - 1], rest[random.below(static_cast<std::uint32_t>(i))]);
  ranked.insert(ranked.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
  return ranked;
}

}  // namespace pgasmr::datasets::detail
