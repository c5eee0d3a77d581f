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

class ProseWriter {
 public:
  /// `words_by_rank[k]` is drawn in proportion to 1 / (k + 1)^zipf_s.
  ProseWriter(const std::vector<std::string>& words_by_rank, double zipf_s, std::uint64_t seed);

  /// Appends the next piece to `out` if it fits in `room` bytes and returns its length;
  /// returns 0 and appends nothing when it does not fit.
  std::size_t append_piece(std::string& out, std::size_t room);

 private:
  static constexpr std::size_t line_columns = 72;

  std::string_view separator_before(std::size_t word_bytes) const;
  char punctuation_after();
  void begin_sentence();

  ZipfVocabulary vocabulary_;
  Random random_;  // the text's shape; the words come from the vocabulary's own stream
  std::size_t column_ = 0;
  bool text_start_ = true;
  bool sentence_start_ = true;
  bool paragraph_break_ = false;
  std::uint32_t words_left_in_sentence_ = 0;
};

}  // namespace pgasmr::datasets::detail
