#include "word_list.hpp"

#include <array>
#include <string_view>
#include <unordered_set>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

#include "random.hpp"

namespace pgasmr::datasets::detail {
namespace {

constexpr std::size_t builtin_word_count = 60'000;
constexpr std::uint64_t builtin_vocabulary_seed = 0x5eed'0f'd1c7;  // fixed: the vocabulary never changes

bool is_ascii_letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool has_blank(std::string_view line) { return line.find_first_of(" \t\v\f") != std::string_view::npos; }

std::string syllable_word(Random& random) {
  static constexpr std::array<std::string_view, 24> onsets = {
      "b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p",
      "r", "s", "t", "v", "w", "br", "ch", "st", "th", "tr", "sh", ""};
  static constexpr std::array<std::string_view, 10> vowels = {"a", "e", "i", "o", "u", "ai", "ea", "ou", "ie", "y"};
  static constexpr std::array<std::string_view, 10> codas = {"", "", "", "n", "r", "s", "t", "ng", "ck", "ll"};
  static constexpr std::array<std::uint32_t, 4> syllable_weights = {20, 45, 25, 10};  // 1..4 syllables, in %
  std::uint32_t roll = random.below(100), syllables = 1;
  for (auto weight : syllable_weights) {
    if (roll < weight) break;
    roll -= weight;
    ++syllables;
  }
  std::string word;
  for (std::uint32_t i = 0; i < syllables; ++i) {
    word += onsets[random.below(onsets.size())];
    word += vowels[random.below(vowels.size())];
    word += codas[random.below(codas.size())];
  }
  return word;
}

constexpr std::string_view common_words[] = {
    "the",   "of",    "and",   "to",    "a",     "in",    "is",    "it",    "you",   "that",  "he",    "was",
    "for",   "on",    "are",   "with",  "as",    "I",     "his",   "they",  "be",    "at",    "one",   "have",
    "this",  "from",  "or",    "had",   "by",    "not",   "word",  "but",   "what",  "some",  "we",    "can",
    "out",   "other", "were",  "all",   "there", "when",  "up",    "use",   "your",  "how",   "said",  "an",
    "each",  "she",   "which", "do",    "their", "time",  "if",    "will",  "way",   "about", "many",  "then",
    "them",  "write", "would", "like",  "so",    "these", "her",   "long",  "make",  "thing", "see",   "him",
    "two",   "has",   "look",  "more",  "day",   "could", "go",    "come",  "did",   "number", "sound", "no",
    "most",  "people", "my",   "over",  "know",  "water", "than",  "call",  "first", "who",   "may",   "down"};

}  // namespace

std::span<const std::string_view> common_english_words() { return common_words; }

std::vector<std::string> load_word_list(const std::filesystem::path& path) {
  MappedFile file(path);
  std::vector<std::string> words;
  std::string_view rest = file.text();
  while (!rest.empty()) {
    auto end = rest.find('\n');
    auto line = rest.substr(0, end);
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (!line.empty() && !has_blank(line)) words.emplace_back(line);
  }
  file.throw_if_changed();
  if (words.empty()) throw input_error(in_quotes(path) + " holds no words (expected one word a line)");
  return words;
}

std::size_t first_non_word_byte(std::string_view text) noexcept {
  for (std::size_t at = 0; at < text.size(); ++at)
    if (!is_ascii_letter(text[at]) && (at == 0 || text[at] != '\'')) return at;
  return std::string_view::npos;
}

bool is_word(std::string_view text) noexcept {
  return !text.empty() && first_non_word_byte(text) == std::string_view::npos;
}

std::string ascii_lower(std::string_view text) {
  std::string lower(text);
  for (auto& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return lower;
}

std::vector<std::string> builtin_word_list() {
  static constexpr std::array<std::string_view, 16> contractions = {
      "don't", "can't", "won't", "isn't", "it's", "I'm", "you're", "they've",
      "we'll", "she'd", "doesn't", "wasn't", "aren't", "let's", "that's", "o'clock"};
  static constexpr std::array<std::string_view, 4> accented = {"\xc3\xa9", "\xc3\xb6", "\xc3\xb1", "\xc3\xa8"};
  Random random(builtin_vocabulary_seed);
  std::vector<std::string> words(std::begin(common_words), std::end(common_words));
  words.insert(words.end(), contractions.begin(), contractions.end());
  std::unordered_set<std::string> seen(words.begin(), words.end());
  auto add = [&](std::string word) {
    if (seen.insert(word).second) words.push_back(std::move(word));
  };
  while (words.size() < builtin_word_count) {
    auto word = syllable_word(random);
    if (random.chance(6554)) word[0] = static_cast<char>(word[0] - 'a' + 'A');  // ~10% proper nouns
    if (random.chance(655)) word += accented[random.below(accented.size())];   // ~1% accented
    if (random.chance(9830)) add(word + "'s");                                   // ~15% possessives
    add(std::move(word));
  }
  return words;
}

}  // namespace pgasmr::datasets::detail
