#pragma once
// Turns a stream of Zipf-drawn words into prose-like text, one piece (separator, word,
// punctuation) at a time, so the caller controls the exact length of the output.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "random.hpp"
#include "zipf_vocabulary.hpp"

namespace pgasmr::datasets::detail {

/// Words put into the prose at a known rate (the mailbox's keywords).
struct PlantedWords {
  std::vector<std::string> words;  ///< each planted word is one of these, uniformly
  double rate = 0;                 ///< the chance that a word of the prose is a planted one
};

class ProseWriter {
 public:
  /// `words_by_rank[k]` is drawn in proportion to 1 / (k + 1)^zipf_s. Planted words replace a
  /// drawn word at their rate, decided by a random stream of their own: without planted words,
  /// the prose of a seed is what it would be without this feature.
  ProseWriter(const std::vector<std::string>& words_by_rank, double zipf_s, std::uint64_t seed,
              PlantedWords planted = {});

  /// Appends the next piece to `out` if it fits in `room` bytes and returns its length;
  /// returns 0 and appends nothing when it does not fit.
  std::size_t append_piece(std::string& out, std::size_t room);

  /// The next piece starts a new text: no separator before it, a new sentence.
  void start_text();

 private:
  static constexpr std::size_t line_columns = 72;

  std::string_view separator_before(std::size_t word_bytes) const;
  std::string_view next_word();
  char punctuation_after();
  void begin_sentence();

  ZipfVocabulary vocabulary_;
  Random random_;  // the text's shape; the words come from the vocabulary's own stream
  PlantedWords planted_;
  Random plant_random_;  // which words are planted, and which planted word
  std::size_t column_ = 0;
  bool text_start_ = true;
  bool sentence_start_ = true;
  bool paragraph_break_ = false;
  std::uint32_t words_left_in_sentence_ = 0;
};

}  // namespace pgasmr::datasets::detail
