#include "wordcount/baselines.hpp"

#include <atomic>
#include <unordered_map>
#include <vector>

#include <pgasmr/mapreduce/case_insensitive.hpp>

#include "common/workers.hpp"
#include "wordcount/text_chunks.hpp"
#include "wordcount/words.hpp"

namespace pgasmr::apps::wordcount {
namespace {

using CountMap =
    std::unordered_map<std::string_view, std::uint64_t, mr::ascii_case_insensitive_hash, mr::ascii_case_insensitive_equal>;

void count_into(std::string_view text, CountMap& counts) {
  for_each_word(text, [&](std::string_view word) { ++counts[word]; });
}

}  // namespace

WordCounts count_words_sequential(std::string_view text) {
  CountMap counts;
  count_into(text, counts);
  return WordCounts::from_pairs(counts);
}

WordCounts count_words_phoenix_like(std::string_view text, std::size_t threads) {
  auto chunks = split_between_words(text, chunk_count_for(text.size(), threads));
  std::vector<CountMap> per_worker(threads);
  std::atomic<std::size_t> next_chunk{0};
  run_workers(threads, [&](std::size_t worker) {
    for (auto i = next_chunk.fetch_add(1, std::memory_order_relaxed); i < chunks.size();
         i = next_chunk.fetch_add(1, std::memory_order_relaxed))
      count_into(chunks[i], per_worker[worker]);
  });

  // Reduce: worker p owns the words whose hash is p modulo the worker count.
  std::vector<CountMap> partitions(threads);
  run_workers(threads, [&](std::size_t partition) {
    mr::ascii_case_insensitive_hash hash;
    for (const auto& counts : per_worker)
      for (const auto& [word, count] : counts)
        if (hash(word) % threads == partition) partitions[partition][word] += count;
  });

  std::vector<std::pair<std::string_view, std::uint64_t>> merged;
  for (const auto& partition : partitions) merged.insert(merged.end(), partition.begin(), partition.end());
  return WordCounts::from_pairs(merged);
}

}  // namespace pgasmr::apps::wordcount
