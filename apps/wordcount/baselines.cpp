#include "wordcount/baselines.hpp"

#include <atomic>
#include <deque>
#include <string>
#include <unordered_map>

#include <pgasmr/mapreduce/case_insensitive.hpp>

#include "common/workers.hpp"
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

WordCounts count_words_sequential(const datasets::TextInput& input) {
  CountMap counts;
  // The counted words are views into the texts, so every piece read stays in memory (as the
  // whole input does in Phoenix++); the baselines are references, not bounded in memory.
  std::deque<std::string> texts;  // a deque: its strings never move, so views into them stay valid
  for (const auto& piece : input.pieces()) count_into(input.text(piece, texts.emplace_back()), counts);
  return WordCounts::from_pairs(counts);
}

WordCounts count_words_phoenix_like(const datasets::TextInput& input, std::size_t threads) {
  const auto& pieces = input.pieces();
  std::vector<CountMap> per_worker(threads);
  // As in the sequential baseline, each worker keeps every piece it read.
  std::vector<std::deque<std::string>> texts(threads);
  std::atomic<std::size_t> next_piece{0};
  run_workers(threads, [&](std::size_t worker) {
    for (auto i = next_piece.fetch_add(1, std::memory_order_relaxed); i < pieces.size();
         i = next_piece.fetch_add(1, std::memory_order_relaxed)) {
      auto& buffer = texts[worker].emplace_back();
      auto text = input.text(pieces[i], buffer);
      count_into(text, per_worker[worker]);
    }
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
