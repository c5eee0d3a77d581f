#include "wordcount/tbb_baseline.hpp"

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include <deque>
#include <string>
#include <unordered_map>

#include <pgasmr/mapreduce/case_insensitive.hpp>

#include "common/tbb_arena.hpp"
#include "common/words.hpp"

namespace pgasmr::apps::wordcount {
namespace {

using CountMap =
    std::unordered_map<std::string_view, std::uint64_t, mr::ascii_case_insensitive_hash, mr::ascii_case_insensitive_equal>;

/// A thread's counts and the texts its words point into.
struct ThreadCounts {
  CountMap counts;
  std::deque<std::string> texts;  ///< a deque: its strings never move
};

}  // namespace

WordCounts count_words_tbb(const datasets::TextInput& input, std::size_t threads) {
  const auto& pieces = input.pieces();
  tbb::combinable<ThreadCounts> per_thread;
  TbbArena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, pieces.size()), [&](const tbb::blocked_range<std::size_t>& range) {
      auto& mine = per_thread.local();
      for (auto i = range.begin(); i < range.end(); ++i)
        for_each_word(input.text(pieces[i], mine.texts.emplace_back()), [&](std::string_view word) { ++mine.counts[word]; });
    });
  });
  CountMap total;
  per_thread.combine_each([&](const ThreadCounts& mine) {
    for (const auto& [word, count] : mine.counts) total[word] += count;
  });
  return WordCounts::from_pairs(total);
}

}  // namespace pgasmr::apps::wordcount
