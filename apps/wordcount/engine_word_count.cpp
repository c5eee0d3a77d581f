#include "wordcount/engine_word_count.hpp"

#include <array>
#include <cstdint>
#include <string>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"
#include "wordcount/text_chunks.hpp"
#include "wordcount/words.hpp"

namespace pgasmr::apps::wordcount {
namespace {

/// Keys are words in their reported spelling (upper case), compared byte for byte.
using WordTable = mr::HashContainer<std::string_view, std::uint64_t, mr::sum>;

/// The sequential map function: one piece of text in, (word, 1) out for each word. The piece
/// (1 MiB or less, unless one word is longer) is upper-cased first: a vectorized pass that costs
/// less than hashing and comparing every word case-insensitively. Words go out in batches, so
/// that the container fetches their slots from memory together; it copies the new ones, so the
/// buffer can be reused.
void map_chunk(const std::string_view& chunk, WordTable& out) {
  thread_local std::string upper;
  to_upper_into(chunk, upper);
  std::array<std::string_view, 32> batch;
  std::size_t batched = 0;
  for_each_word(upper, [&](std::string_view word) {
    batch[batched++] = word;
    if (batched == batch.size()) {
      out.emit_batch(batch, 1);
      batched = 0;
    }
  });
  out.emit_batch(std::span(batch.data(), batched), 1);
}

}  // namespace

TextInput load_text(const std::filesystem::path& path, std::size_t total_threads) {
  TextInput input{datasets::MappedFile(path, datasets::Prefetch::populate), {}};
  input.chunks = split_between_words(input.file.text(), chunk_count_for(input.file.size(), total_threads));
  return input;
}

std::optional<WordCounts> count_words_engine(pgas::Context& me, std::span<const std::string_view> chunks,
                                             const EngineChoice& choice, JobTimer& timer) {
  // Pieces weigh their size in bytes.
  WeightedDistribution distribution(choice.distribution, chunks.size(), [&](std::size_t i) { return chunks[i].size(); });
  WordTable words;
  mr::apply_map(me, chunks, map_chunk, words, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, words, choice.reduce, timer);
  std::optional<WordCounts> counts;
  if (me.thread() == 0) counts = WordCounts::from_pairs(reduced);
  timer.lap("sort by count");  // thread 0 sorts while the others wait in the lap's barrier
  return counts;
}

}  // namespace pgasmr::apps::wordcount
