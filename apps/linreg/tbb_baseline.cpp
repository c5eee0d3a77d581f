#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include "common/tbb_arena.hpp"
#include "linreg/tbb_baseline.hpp"

namespace pgasmr::apps::linreg {

Regression regression_tbb(const PairsInput& input, std::size_t threads) {
  using Points = tbb::blocked_range<std::size_t>;
  TbbArena arena(threads);
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
