#include "linreg/baselines.hpp"

#include <atomic>
#include <vector>

#include "common/workers.hpp"

namespace pgasmr::apps::linreg {

Regression regression_sequential(const PairsInput& input) {
  Sums sums;
  for (std::size_t i = 0; i < input.points; ++i) sums.add(datasets::point_at(input.file.bytes(), i, input.format));
  return Regression::from(input.points, sums);
}

Regression regression_phoenix_like(const PairsInput& input, std::size_t threads) {
  std::vector<Sums> per_worker(threads);
  std::atomic<std::size_t> next_block{0};
  run_workers(threads, [&](std::size_t worker) {
    for (auto block = next_block.fetch_add(1, std::memory_order_relaxed); block < input.blocks();
         block = next_block.fetch_add(1, std::memory_order_relaxed))
      add_points(input.file.bytes(), input.format, input.block_begin(block), input.block_end(block), per_worker[worker]);
  });
  Sums total;
  for (const auto& sums : per_worker) total += sums;
  return Regression::from(input.points, total);
}

}  // namespace pgasmr::apps::linreg
