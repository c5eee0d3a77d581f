#include "pca/engine_pca.hpp"

#include <ranges>
#include <string>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/array_container.hpp>

#include "common/memory_need.hpp"
#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"

namespace pgasmr::apps::pca {

std::optional<PcaResult> pca_engine(pgas::Context& me, const datasets::IntegerTable& matrix, const EngineChoice& choice,
                                    JobTimer& timer) {
  using Statistics = mr::ArrayContainer<std::int64_t, mr::sum>;
  const std::size_t rows = matrix.rows;
  // Every thread counts into an array of every sum, and thread 0 gathers them into the result.
  require_memory(bytes_of(rows + pair_count(rows), sizeof(std::int64_t), me.threads_per_process() + 1u),
                 std::to_string(rows) + " rows (" + std::to_string(rows + pair_count(rows)) + " sums for each of " +
                     std::to_string(me.threads_per_process()) + " threads)");
  const PairTiles tiles(rows);
  auto map = [&](std::size_t t, Statistics& out) {
    const auto tile = tiles[t];
    if (tile.first_i == tile.first_j)  // the tiles on the diagonal sum their rows too
      for (auto i = tile.first_i; i < tile.first_i + tile.i_rows; ++i) out.emit(i, row_sum(matrix.row(i)));
    TileSums sums;
    tile_product_sums(matrix, tile, sums);
    for_each_pair(tile, [&](RowPair pair, std::size_t slot) { out.emit(rows + pair_index(pair, rows), sums[slot]); });
  };
  // Every tile costs the same, 8 x 8 pairs (a short or diagonal one repeats rows), whatever
  // the pairs it keeps, so that `block` gives the threads equal shares.
  WeightedDistribution distribution(choice.distribution, tiles.size(), [&](std::size_t t) {
    const auto tile = tiles[t];
    return (2 * tile_rows * tile_rows + (tile.first_i == tile.first_j ? tile.i_rows : 0)) * matrix.columns;
  });
  Statistics statistics(rows + pair_count(rows));
  mr::apply_map(me, std::views::iota(std::size_t{0}, tiles.size()), map, statistics, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, statistics, choice.reduce, timer);
  if (me.thread() != 0) return std::nullopt;
  PcaResult result{rows, matrix.columns, std::vector<std::int64_t>(rows), std::vector<std::int64_t>(pair_count(rows))};
  for (const auto& [key, value] : reduced)
    (key < rows ? result.row_sums[key] : result.product_sums[key - rows]) = value;
  return result;
}

}  // namespace pgasmr::apps::pca
