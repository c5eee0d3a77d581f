#include <pgasmr/datasets/keyword_list.hpp>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/output_file.hpp>

#include "mail_header.hpp"
#include "random.hpp"
#include "ranked_vocabulary.hpp"
#include "trim_blanks.hpp"
#include "word_list.hpp"

namespace pgasmr::datasets {
namespace {

/// Why `line` (not blank, not a word) is not a word: its first byte that a word cannot have there.
std::string why_not_a_word(std::string_view line) {
  if (line.starts_with("\xEF\xBB\xBF")) return "it starts with a UTF-8 byte-order mark";
  if (line.starts_with('\'')) return "it starts with an apostrophe";
  const auto at = detail::first_non_word_byte(line);
  const auto byte = static_cast<unsigned char>(line[at]);
  char shown[8];
  std::snprintf(shown, sizeof shown, byte > 0x20 && byte < 0x7f ? "'%c'" : "0x%02x", byte);
  return "byte " + std::to_string(at + 1) + " is " + shown;
}

}  // namespace

std::span<const std::string_view> mail_header_words() { return detail::header_words(); }

std::vector<std::string_view> keyword_lines(std::string_view text, std::string_view name) {
  std::vector<std::string_view> keywords;
  for (std::size_t line_number = 1; !text.empty(); ++line_number) {
    auto newline = text.find('\n');
    auto line = text.substr(0, newline);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    if (line.ends_with('\r')) line.remove_suffix(1);
    line = detail::trim_blanks(line);
    if (line.empty()) continue;
    if (!detail::is_word(line))
      throw input_error(in_quotes(name) + " line " + std::to_string(line_number) + ": '" + excerpt(line) +
                        "' is not a word (an ASCII letter, then ASCII letters and apostrophes): " + why_not_a_word(line));
    keywords.push_back(line);
  }
  if (keywords.empty()) throw input_error(in_quotes(name) + " has no keywords");
  return keywords;
}

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
  if (candidates.size() < options.count) {
    const auto why = "has " + std::to_string(candidates.size()) + (candidates.size() == 1 ? " word" : " words") +
                     " usable as keywords, fewer than the " + std::to_string(options.count) + " asked";
    // The default dictionary's size is a limit of --count (a bad command line); a dictionary
    // the user names that is too small is an input that cannot serve, as keys' corpus is.
    if (options.dictionary == system_dictionary) throw std::invalid_argument("the default dictionary " + why);
    throw input_error("dictionary " + in_quotes(options.dictionary) + " " + why);
  }
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
