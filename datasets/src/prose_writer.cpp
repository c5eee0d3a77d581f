#include "prose_writer.hpp"

#include <string_view>
#include <utility>

namespace pgasmr::datasets::detail {
namespace {

// Chances per 65536, chosen so the text reads like prose.
constexpr std::uint32_t all_caps_chance = 65;         // ~0.1% of words shouted
constexpr std::uint32_t comma_chance = 4588;          // ~7% of words followed by a comma
constexpr std::uint32_t semicolon_chance = 459;       // ~0.7%
constexpr std::uint32_t colon_chance = 197;           // ~0.3%
constexpr std::uint32_t paragraph_end_chance = 13107; // ~20% of sentences end a paragraph
constexpr std::uint32_t shortest_sentence = 3, sentence_length_spread = 18;

bool is_ascii_lower(char c) { return c >= 'a' && c <= 'z'; }
char to_ascii_upper(char c) { return is_ascii_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; }

}  // namespace

ProseWriter::ProseWriter(const std::vector<std::string>& words_by_rank, double zipf_s, std::uint64_t seed,
                         PlantedWords planted)
    : vocabulary_(words_by_rank, zipf_s, Random(seed, /*stream=*/2)),
      random_(seed, /*stream=*/1),
      planted_(std::move(planted)),
      plant_random_(seed, /*stream=*/3) {
  begin_sentence();
}

void ProseWriter::start_text() {
  column_ = 0;
  text_start_ = true;
  paragraph_break_ = false;
  begin_sentence();
}

std::string_view ProseWriter::next_word() {
  auto word = vocabulary_.next();
  if (planted_.words.empty() || planted_.rate <= 0) return word;
  constexpr double unit = 0x1.0p-53;  // 53 random bits make a uniform double in [0, 1)
  if (static_cast<double>(plant_random_.next() >> 11) * unit >= planted_.rate) return word;
  return planted_.words[plant_random_.below(static_cast<std::uint32_t>(planted_.words.size()))];
}

void ProseWriter::begin_sentence() {
  words_left_in_sentence_ = shortest_sentence + random_.below(sentence_length_spread);
  sentence_start_ = true;
}

std::string_view ProseWriter::separator_before(std::size_t word_bytes) const {
  if (text_start_) return "";
  if (paragraph_break_) return "\n\n";
  // +1 for punctuation that may follow; a word longer than a line gets a line of its own.
  return column_ + 1 + word_bytes + 1 > line_columns ? "\n" : " ";
}

char ProseWriter::punctuation_after() {
  if (words_left_in_sentence_ == 1) {
    auto roll = random_.below(100);
    return roll < 85 ? '.' : roll < 93 ? '?' : '!';
  }
  if (random_.chance(comma_chance)) return ',';
  if (random_.chance(semicolon_chance)) return ';';
  if (random_.chance(colon_chance)) return ':';
  return '\0';
}

std::size_t ProseWriter::append_piece(std::string& out, std::size_t room) {
  auto word = next_word();
  bool shout = !sentence_start_ && random_.chance(all_caps_chance);
  char punctuation = punctuation_after();
  auto separator = separator_before(word.size());
  auto piece_bytes = separator.size() + word.size() + (punctuation ? 1 : 0);
  if (piece_bytes > room) return 0;

  out += separator;
  auto word_start = out.size();
  out += word;
  if (sentence_start_) out[word_start] = to_ascii_upper(out[word_start]);
  if (shout)
    for (auto i = word_start; i < out.size(); ++i) out[i] = to_ascii_upper(out[i]);
  if (punctuation) out += punctuation;

  column_ = separator.ends_with('\n') ? piece_bytes - separator.size() : column_ + piece_bytes;
  text_start_ = false;
  paragraph_break_ = false;
  sentence_start_ = false;
  if (--words_left_in_sentence_ == 0) {
    paragraph_break_ = random_.chance(paragraph_end_chance);
    begin_sentence();
  }
  return piece_bytes;
}

}  // namespace pgasmr::datasets::detail
