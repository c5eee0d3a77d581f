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
    const PairGroups groups(rows);
    tbb::parallel_for(Range(0, groups.size()), [&](const Range& range) {
      for (auto g = range.begin(); g < range.end(); ++g) {
        const auto group = groups[g];
        product_sums(matrix, group, std::span(result.product_sums).subspan(pair_index(group.first, rows), group.count));
      }
    });
  });
  return result;
}

}  // namespace pgasmr::apps::pca
