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
    tbb::parallel_for(Range(0, pair_count(rows)), [&](const Range& range) {
      for (auto p = range.begin(); p < range.end(); ++p) {
        const auto pair = pair_at(p, rows);
        result.product_sums[p] = product_sum(matrix.row(pair.i), matrix.row(pair.j));
      }
    });
  });
  return result;
}

}  // namespace pgasmr::apps::pca
