#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include "linreg/tbb_baseline.hpp"

namespace pgasmr::apps::linreg {

Regression regression_tbb(const PairsInput& input, std::size_t threads) {
  using Points = tbb::blocked_range<std::size_t>;
  // As many threads as asked, also beyond the cores (as the engine and the other baselines run).
  tbb::global_control allowed(tbb::global_control::max_allowed_parallelism, threads);
  tbb::task_arena arena(static_cast<int>(threads));
  auto sums = arena.execute([&] {
    return tbb::parallel_reduce(
        Points(0, input.points, points_per_block), Sums{},
        [&](const Points& points, Sums partial) {
          add_points(input.file.bytes(), input.format, points.begin(), points.end(), partial);
          return partial;
        },
        [](Sums a, const Sums& b) { return a += b; });
  });
  return Regression::from(input.points, sums);
}

}  // namespace pgasmr::apps::linreg
