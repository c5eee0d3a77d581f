#include "pca/tbb_baseline.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "common/tbb_arena.hpp"

namespace pgasmr::apps::pca {

PcaResult pca_tbb(const datasets::IntegerTable& matrix, std::size_t threads) {
  using Range = tbb::blocked_range<std::size_t>;
  const std::size_t rows = matrix.rows;
  PcaResult result{rows, matrix.columns, std::vector<std::int64_t>(rows), std::vector<std::int64_t>(pair_count(rows))};
  TbbArena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(Range(0, rows), [&](const Range& range) {
      for (auto i = range.begin(); i < range.end(); ++i) result.row_sums[i] = row_sum(matrix.row(i));
    });
    const PairTiles tiles(rows);
    tbb::parallel_for(Range(0, tiles.size()), [&](const Range& range) {
      for (auto t = range.begin(); t < range.end(); ++t) {
        const auto tile = tiles[t];
        TileSums sums;
        tile_product_sums(matrix, tile, sums);
        for_each_pair(tile,
                      [&](RowPair pair, std::size_t slot) { result.product_sums[pair_index(pair, rows)] = sums[slot]; });
      }
    });
  });
  return result;
}

}  // namespace pgasmr::apps::pca
