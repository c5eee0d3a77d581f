#include "stringmatch/engine_string_match.hpp"

#include <cstdint>
#include <ranges>
#include <string>
#include <utility>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/list_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"
#include "common/text_pieces.hpp"

namespace pgasmr::apps::stringmatch {

StringMatchInput load_input(const AppOptions& options, std::size_t total_threads) {
  auto keys = KeySet::read(*options.value("--keys"));
  auto files = datasets::collect_input_files(
      options.inputs, {.skip_unreadable = options.skip_unreadable, .allow_standard_input = true});
  // Word count's piece size: enough pieces to balance, small enough for the threads' buffers.
  auto piece_bytes = piece_bytes_for(files.total_bytes, total_threads);
  return {std::move(keys), datasets::TextInput(std::move(files), piece_bytes, datasets::cut_after_newline)};
}

std::optional<LineMatches> match_lines_engine(pgas::Context& me, const StringMatchInput& input,
                                              const EngineChoice& choice, JobTimer& timer) {
  const auto& pieces = input.text.pieces();
  WeightedDistribution distribution(choice.distribution, pieces.size(), [&](std::size_t i) { return pieces[i].size; });
  // Keyed by piece index: each piece emits once, so no combiner is needed, and the pieces
  // arrive on thread 0 in input order.
  mr::ListContainer<std::uint64_t, PieceMatches> matches;
  // This thread's pieces are read into it; freed on return (a thread_local buffer would hold
  // the longest piece, a long line perhaps, for as long as the thread lives).
  std::string buffer;
  auto map_piece = [&](std::uint64_t piece, auto& out) {
    out.emit(piece, match_piece(input.text.text(pieces[piece], buffer), input.keys));
  };
  mr::apply_map(me, std::views::iota(std::uint64_t{0}, std::uint64_t{pieces.size()}), map_piece, matches,
                distribution.get());
  timer.lap("map");
  auto gathered = gather_to_thread0(me, matches, choice.reduce, timer);
  std::optional<LineMatches> lines;
  if (me.thread() == 0) lines = LineMatches::from_pieces(input.text, gathered);
  timer.lap("number lines");  // thread 0 numbers while the others wait in the lap's barrier
  return lines;
}

}  // namespace pgasmr::apps::stringmatch
