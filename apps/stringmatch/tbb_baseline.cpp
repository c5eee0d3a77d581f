#include "stringmatch/tbb_baseline.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <string>
#include <vector>

#include "common/tbb_arena.hpp"

namespace pgasmr::apps::stringmatch {

LineMatches match_lines_tbb(const StringMatchInput& input, std::size_t threads) {
  const auto& pieces = input.text.pieces();
  std::vector<mr::KeyValue<std::uint64_t, PieceMatches>> matches(pieces.size());
  TbbArena arena(threads);
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
