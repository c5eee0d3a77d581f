#include "stringmatch/tbb_baseline.hpp"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <string>
#include <vector>

namespace pgasmr::apps::stringmatch {

LineMatches match_lines_tbb(const StringMatchInput& input, std::size_t threads) {
  const auto& pieces = input.text.pieces();
  std::vector<mr::KeyValue<std::uint64_t, PieceMatches>> matches(pieces.size());
  // As many threads as asked, also beyond the cores (as the engine and the other baselines run).
  tbb::global_control allowed(tbb::global_control::max_allowed_parallelism, threads);
  tbb::task_arena arena(static_cast<int>(threads));
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, pieces.size()), [&](const tbb::blocked_range<std::size_t>& range) {
      std::string buffer;
      for (auto i = range.begin(); i < range.end(); ++i)
        matches[i] = {i, match_piece(input.text.text(pieces[i], buffer), input.keys)};
    });
  });
  return LineMatches::from_pieces(input.text, matches);
}

}  // namespace pgasmr::apps::stringmatch
