// The word count's text path on any bytes: TextInput with word count's cut rule must cover the
// text exactly with non-empty pieces that cut no word, for_each_word must find the words a
// byte-by-byte reading finds, and for_each_word_upper_casing the same in upper case. The first
// byte picks the piece size.

#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_input.hpp"
#include "common/text_pieces.hpp"
#include "common/words.hpp"

namespace {

namespace apps = pgasmr::apps;

/// The definition in words.hpp, one byte at a time.
std::vector<std::string_view> words_byte_by_byte(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && !apps::is_letter(text[at])) ++at;
    auto start = at;
    while (at < text.size() && apps::is_word_byte(text[at])) ++at;
    if (at > start) words.push_back(text.substr(start, at - start));
  }
  return words;
}

void check(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::uint64_t piece_bytes = data[0];
  auto text = pgasmr::fuzz::as_text(data + 1, size - 1);

  auto input = pgasmr::datasets::TextInput::in_memory({std::string(text)}, piece_bytes, apps::cut_between_words);
  std::string buffer;
  std::size_t next = 0;
  for (const auto& piece : input.pieces()) {
    auto piece_text = input.text(piece, buffer);
    check(!piece_text.empty() && piece.offset == next && piece_text == text.substr(next, piece_text.size()));
    next += piece_text.size();
    // No cut inside a run of letters and apostrophes.
    if (next < text.size()) check(!(apps::is_word_byte(text[next - 1]) && apps::is_word_byte(text[next])));
  }
  check(next == text.size());

  std::vector<std::string_view> found;
  apps::for_each_word(text, [&](std::string_view word) { found.push_back(word); });
  const auto expected = words_byte_by_byte(text);
  check(found == expected);

  // Upper-casing while finding the words: the same words in upper case, the text upper-cased.
  std::string upper(text);
  std::vector<std::string> upper_found;
  apps::for_each_word_upper_casing(std::span(upper), [&](std::string_view word) { upper_found.emplace_back(word); });
  check(upper == apps::to_upper(text) && upper_found.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) check(upper_found[i] == apps::to_upper(expected[i]));
  return 0;
}
