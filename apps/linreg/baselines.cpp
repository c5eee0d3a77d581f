#include "linreg/baselines.hpp"

#include <cstdint>
#include <span>
#include <vector>

#include "common/phoenix_like_array_container.hpp"
#include "common/phoenix_like_tasks.hpp"
#include "common/workers.hpp"

namespace pgasmr::apps::linreg {
namespace {

/// A Phoenix-like job over the points whose five keys are the Sum values: map_task(first, last,
/// combiners) maps points [first, last) into a worker's combiners. Returns the reduced sums in
/// MapReduce's merge order (the reduce workers' lists one after the other).
template <class V, class MapTask>
std::vector<KeyValue<std::size_t, V>> run_sums_job(std::size_t points, std::size_t threads, const MapTask& map_task) {
  PhoenixArrayContainer<V> container(sum_count, threads);
  auto tasks = PhoenixTaskQueue::for_map(points, threads);
  run_workers(threads, [&](std::size_t worker) {
    auto combiners = container.get();
    while (auto task = tasks.take(worker)) map_task(task->first, task->last, combiners);
    container.add(worker, combiners);
  });
  std::vector<KeyValue<std::size_t, V>> merged;
  for (const auto& list : container.reduce()) merged.insert(merged.end(), list.begin(), list.end());
  return merged;
}

/// Phoenix++'s map over a task's points of its format (two signed bytes each), summed in task
/// locals and emitted once per task. Phoenix++'s source emits each point's five values into its
/// combiners; measured side by side (docs/performance.md), this runs at 0.74-0.80 of Phoenix++'s
/// time where per-point emits into the combiners ran 1.38x slower than it. The products of bytes
/// are exact in 64-bit integers, and so are their sums for any file that fits on a disk (2^63 /
/// 2^14 points).
void map_points(const std::byte* points, std::size_t count, PhoenixArrayContainer<std::int64_t>::Combiners& sums) {
  std::int64_t x_sum = 0, y_sum = 0, xx_sum = 0, yy_sum = 0, xy_sum = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::int64_t x = static_cast<signed char>(points[2 * i]);
    const std::int64_t y = static_cast<signed char>(points[2 * i + 1]);
    xx_sum += x * x;
    yy_sum += y * y;
    xy_sum += x * y;
    x_sum += x;
    y_sum += y;
  }
  sums[sxx].add(xx_sum);
  sums[syy].add(yy_sum);
  sums[sxy].add(xy_sum);
  sums[sx].add(x_sum);
  sums[sy].add(y_sum);
}

/// `value` as an exact sum: two halves that doubles hold exactly.
coll::ExactSum exact_sum_of(std::int64_t value) {
  coll::ExactSum sum;
  sum.add(static_cast<double>(value >> 32) * 0x1p32);
  sum.add(static_cast<double>(value & 0xffffffff));
  return sum;
}

/// Whether every x*y of the byte pairs is -0.0 (one factor 0, the other negative): their double
/// sum is then -0.0, which an integer sum of 0 cannot tell. Asked only when that sum is 0.
bool every_product_is_minus_zero(std::span<const std::byte> points) {
  for (std::size_t i = 0; i + 1 < points.size(); i += 2) {
    const auto x = static_cast<signed char>(points[i]), y = static_cast<signed char>(points[i + 1]);
    if (!((x == 0 && y < 0) || (y == 0 && x < 0))) return false;
  }
  return !points.empty();
}

}  // namespace

Regression regression_sequential(const PairsInput& input) {
  Sums sums;
  for (std::size_t i = 0; i < input.points; ++i) sums.add(datasets::point_at(input.file.bytes(), i, input.format));
  return Regression::from(input.points, sums);
}

Regression regression_phoenix_like(const PairsInput& input, std::size_t threads) {
  const auto bytes = input.file.bytes();
  Sums total;
  if (input.format == datasets::PairFormat::phoenix) {
    const auto sums = run_sums_job<std::int64_t>(input.points, threads, [&](auto first, auto last, auto& combiners) {
      map_points(bytes.data() + 2 * first, last - first, combiners);
    });
    for (const auto& [key, value] : sums) total.of[key] = exact_sum_of(value);
    if (total.of[sxy].value() == 0 && every_product_is_minus_zero(bytes.first(2 * input.points))) {
      total.of[sxy] = {};
      total.of[sxy].add(-0.0);
    }
  } else {
    const auto sums = run_sums_job<coll::ExactSum>(input.points, threads, [&](auto first, auto last, auto& combiners) {
      Sums task_sums;
      for (auto i = first; i < last; ++i) task_sums.add(datasets::point_at(bytes, i, input.format));
      for (std::size_t key = 0; key < sum_count; ++key) combiners[key].add(task_sums.of[key]);
    });
    for (const auto& [key, value] : sums) total.of[key] = value;
  }
  return Regression::from(input.points, total);
}

}  // namespace pgasmr::apps::linreg
