#include <pgasmr/datasets/keyword_list.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include <pgasmr/datasets/output_file.hpp>

#include "mail_header.hpp"
#include "random.hpp"
#include "ranked_vocabulary.hpp"
#include "word_list.hpp"

namespace pgasmr::datasets {

std::span<const std::string_view> mail_header_words() { return detail::header_words(); }

void generate_keyword_list(const std::filesystem::path& path, const KeywordListOptions& options,
                           const Progress& progress) {
  if (options.count == 0) throw std::invalid_argument("a keyword list needs at least one keyword");
  std::unordered_set<std::string> seen;  // lower case: the common and header words, then those taken
  for (auto word : detail::common_english_words()) seen.insert(detail::ascii_lower(word));
  for (auto word : detail::header_words()) seen.insert(detail::ascii_lower(word));
  std::vector<std::string> candidates;
  for (auto& word : detail::vocabulary(options.dictionary)) {
    bool letters_only = std::ranges::none_of(word, [](char c) { return c == '\''; }) && detail::is_word(word);
    if (letters_only && seen.insert(detail::ascii_lower(word)).second) candidates.push_back(std::move(word));
  }
  if (candidates.size() < options.count)
    throw std::invalid_argument("the dictionary has " + std::to_string(candidates.size()) +
                                " words usable as keywords, fewer than the " + std::to_string(options.count) + " asked");
  // A shuffle of every candidate, whatever the count: a shorter list is a prefix of a longer one.
  detail::Random random(options.seed, /*stream=*/4);
  for (auto i = candidates.size(); i > 1; --i)
    std::swap(candidates[i - 1], candidates[random.below(static_cast<std::uint32_t>(i))]);

  std::string text;
  for (std::size_t i = 0; i < options.count; ++i) text.append(candidates[i]).append(1, '\n');
  AtomicOutputFile out(path);
  out.write(text);
  out.commit();
  if (progress) progress(text.size(), text.size());
}

}  // namespace pgasmr::datasets
