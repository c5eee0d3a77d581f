#include "wordcount/engine_word_count.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"
#include "common/words.hpp"

namespace pgasmr::apps::wordcount {
namespace {

/// Keys are words in their reported spelling (upper case), compared byte for byte.
using WordTable = mr::HashContainer<std::string_view, std::uint64_t, mr::sum>;

/// The sequential map function: one piece of text (1 MiB or less, unless one word is longer),
/// upper-cased as its words are found (cheaper than hashing and comparing every word
/// case-insensitively), in; (word, 1) out for each word. Words go out in batches, so that the
/// container fetches their slots from memory together; it copies the new ones, so the buffer
/// can be reused.
void count_piece(std::span<char> text, WordTable& out) {
  std::array<std::string_view, 64> batch;
  std::size_t batched = 0;
  for_each_word_upper_casing(text, [&](std::string_view word) {
    batch[batched++] = word;
    if (batched == batch.size()) {
      out.emit_batch(batch, 1);
      batched = 0;
    }
  });
  out.emit_batch(std::span(batch.data(), batched), 1);
}

}  // namespace

std::optional<WordCounts> count_words_engine(pgas::Context& me, const datasets::TextInput& input,
                                             const EngineChoice& choice, JobTimer& timer) {
  const auto& pieces = input.pieces();
  WeightedDistribution distribution(choice.distribution, pieces.size(), [&](std::size_t i) { return pieces[i].size; });
  WordTable words;
  auto map_piece = [&input](const datasets::TextPiece& piece, WordTable& out) {
    thread_local std::string buffer;
    count_piece(writable_in(input.text(piece, buffer), buffer), out);
  };
  mr::apply_map(me, pieces, map_piece, words, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, words, choice.reduce, timer);
  std::optional<WordCounts> counts;
  if (me.thread() == 0) counts = WordCounts::from_upper_case_pairs(reduced);
  timer.lap("sort by count");  // thread 0 sorts while the others wait in the lap's barrier
  return counts;
}

}  // namespace pgasmr::apps::wordcount
