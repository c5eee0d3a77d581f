// The word count's text path on any bytes: split_between_words must cover the text exactly with
// non-empty pieces that cut no word, and for_each_word must find the words a byte-by-byte
// reading finds. The first byte picks the number of pieces.

#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "fuzz_input.hpp"
#include "wordcount/text_chunks.hpp"
#include "wordcount/words.hpp"

namespace {

namespace wc = pgasmr::apps::wordcount;

/// The definition in words.hpp, one byte at a time.
std::vector<std::string_view> words_byte_by_byte(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && !wc::is_letter(text[at])) ++at;
    auto start = at;
    while (at < text.size() && wc::is_word_byte(text[at])) ++at;
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
  std::size_t target_chunks = data[0];
  auto text = pgasmr::fuzz::as_text(data + 1, size - 1);

  auto pieces = wc::split_between_words(text, target_chunks);
  check(pieces.size() <= std::max<std::size_t>(target_chunks, 1));
  const char* next = text.data();
  for (auto piece : pieces) {
    check(!piece.empty() && piece.data() == next);
    next += piece.size();
    // No cut inside a run of letters and apostrophes.
    auto end = static_cast<std::size_t>(next - text.data());
    if (end < text.size()) check(!(wc::is_word_byte(text[end - 1]) && wc::is_word_byte(text[end])));
  }
  check(next == text.data() + text.size() || text.empty());

  std::vector<std::string_view> found;
  wc::for_each_word(text, [&](std::string_view word) { found.push_back(word); });
  check(found == words_byte_by_byte(text));
  return 0;
}
