#include "stringmatch/baselines.hpp"

#include <algorithm>
#include <atomic>
#include <iterator>
#include <string>
#include <vector>

#include "common/workers.hpp"

namespace pgasmr::apps::stringmatch {

LineMatches match_lines_sequential(const StringMatchInput& input) {
  std::vector<MatchedLine> lines;
  std::string buffer;
  const auto& pieces = input.text.pieces();
  std::uint64_t number = 1;  // of the next line of the current file
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (i == 0 || pieces[i].file != pieces[i - 1].file) number = 1;
    auto text = input.text.text(pieces[i], buffer);
    std::uint64_t offset = pieces[i].offset;  // of the next line in its file
    while (!text.empty()) {
      auto end = text.find('\n');
      auto line = text.substr(0, end);
      if (input.keys.matches(line)) lines.push_back(matched_line(pieces[i].file, number, line, offset));
      ++number;
      offset += line.size() + 1;
      text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
  }
  return LineMatches(grep_names(input.text), std::move(lines), &input.text);
}

LineMatches match_lines_phoenix_like(const StringMatchInput& input, std::size_t threads) {
  using PiecePair = mr::KeyValue<std::uint64_t, PieceMatches>;
  const auto& pieces = input.text.pieces();
  std::vector<std::vector<PiecePair>> per_worker(threads);
  std::atomic<std::size_t> next_piece{0};
  run_workers(threads, [&](std::size_t worker) {
    std::string buffer;
    for (auto i = next_piece.fetch_add(1, std::memory_order_relaxed); i < pieces.size();
         i = next_piece.fetch_add(1, std::memory_order_relaxed))
      per_worker[worker].push_back({i, match_piece(input.text.text(pieces[i], buffer), input.keys)});
  });
  std::vector<PiecePair> merged;
  for (auto& mine : per_worker) std::ranges::move(mine, std::back_inserter(merged));
  std::ranges::sort(merged, {}, &PiecePair::key);
  return LineMatches::from_pieces(input.text, merged);
}

}  // namespace pgasmr::apps::stringmatch
