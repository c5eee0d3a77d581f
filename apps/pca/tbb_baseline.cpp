#include "pca/tbb_baseline.hpp"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace pgasmr::apps::pca {

PcaResult pca_tbb(const datasets::IntegerTable& matrix, std::size_t threads) {
  using Range = tbb::blocked_range<std::size_t>;
  const std::size_t rows = matrix.rows;
  PcaResult result{rows, matrix.columns, std::vector<std::int64_t>(rows), std::vector<std::int64_t>(pair_count(rows))};
  // As many threads as asked, also beyond the cores (as the engine and the other baselines run).
  tbb::global_control allowed(tbb::global_control::max_allowed_parallelism, threads);
  tbb::task_arena arena(static_cast<int>(threads));
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
