#include "spamcount/tbb_baseline.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <string>
#include <vector>

#include "common/tbb_arena.hpp"
#include "spamcount/keyword_lookup.hpp"

namespace pgasmr::apps::spamcount {

KeywordCounts count_keywords_tbb(const Mailbox& input, std::size_t threads) {
  using Pieces = tbb::blocked_range<std::size_t>;
  using Counts = std::vector<std::uint64_t>;
  const KeywordLookup lookup(input.keywords);
  const auto& pieces = input.mail.pieces();
  TbbArena arena(threads);
  auto total = arena.execute([&] {
    return tbb::parallel_reduce(
        Pieces(0, pieces.size()), Counts(input.keywords.distinct().size()),
        [&](const Pieces& range, Counts counts) {
          std::string buffer;
          for (auto i = range.begin(); i < range.end(); ++i) lookup.count(input.mail.text(pieces[i], buffer), counts);
          return counts;
        },
        [](Counts a, const Counts& b) {
          for (std::size_t k = 0; k < a.size(); ++k) a[k] += b[k];
          return a;
        });
  });
  return KeywordCounts(input.keywords, total);
}

}  // namespace pgasmr::apps::spamcount
