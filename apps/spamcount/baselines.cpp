#include "spamcount/baselines.hpp"

#include <atomic>
#include <string>
#include <vector>

#include "common/workers.hpp"
#include "spamcount/keyword_lookup.hpp"

namespace pgasmr::apps::spamcount {

KeywordCounts count_keywords_sequential(const Mailbox& input) {
  const KeywordLookup lookup(input.keywords);
  std::vector<std::uint64_t> counts(input.keywords.distinct().size());
  std::string buffer;
  for (const auto& piece : input.mail.pieces()) lookup.count(input.mail.text(piece, buffer), counts);
  return KeywordCounts(input.keywords, counts);
}

KeywordCounts count_keywords_phoenix_like(const Mailbox& input, std::size_t threads) {
  const KeywordLookup lookup(input.keywords);
  const auto& pieces = input.mail.pieces();
  const auto keywords = input.keywords.distinct().size();
  std::vector<std::vector<std::uint64_t>> per_worker(threads, std::vector<std::uint64_t>(keywords));
  std::atomic<std::size_t> next_piece{0};
  run_workers(threads, [&](std::size_t worker) {
    std::string buffer;
    for (auto i = next_piece.fetch_add(1, std::memory_order_relaxed); i < pieces.size();
         i = next_piece.fetch_add(1, std::memory_order_relaxed))
      lookup.count(input.mail.text(pieces[i], buffer), per_worker[worker]);
  });

  // Reduce: worker p adds up keywords [p * K / threads, (p + 1) * K / threads), Phoenix++'s
  // split of an array container's keys.
  std::vector<std::uint64_t> total(keywords);
  run_workers(threads, [&](std::size_t partition) {
    for (auto k = partition * keywords / threads; k < (partition + 1) * keywords / threads; ++k)
      for (const auto& counts : per_worker) total[k] += counts[k];
  });
  return KeywordCounts(input.keywords, total);
}

}  // namespace pgasmr::apps::spamcount
