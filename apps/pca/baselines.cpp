#include "pca/baselines.hpp"

#include <algorithm>
#include <atomic>
#include <functional>
#include <vector>

#include "common/workers.hpp"

namespace pgasmr::apps::pca {
namespace {

/// One Phoenix++ job whose split number k yields the value of key k (map(k)), on `threads`
/// workers. The result, by key.
std::vector<std::int64_t> phoenix_array_job(std::size_t threads, std::size_t keys,
                                            const std::function<std::int64_t(std::size_t)>& map) {
  std::vector<std::vector<std::int64_t>> per_worker(threads, std::vector<std::int64_t>(keys, 0));
  std::atomic<std::size_t> next_split{0};
  run_workers(threads, [&](std::size_t worker) {
    for (auto k = next_split.fetch_add(1, std::memory_order_relaxed); k < keys;
         k = next_split.fetch_add(1, std::memory_order_relaxed))
      per_worker[worker][k] += map(k);
  });

  // The reduce: tasks of a range of keys each, from a queue, add up every worker's values.
  const std::size_t range = std::max<std::size_t>(1, keys / (threads * 4));
  std::vector<std::int64_t> total(keys, 0);
  std::atomic<std::size_t> next_range{0};
  run_workers(threads, [&](std::size_t) {
    for (auto first = next_range.fetch_add(range, std::memory_order_relaxed); first < keys;
         first = next_range.fetch_add(range, std::memory_order_relaxed))
      for (const auto& values : per_worker)
        for (auto k = first; k < std::min(keys, first + range); ++k) total[k] += values[k];
  });
  return total;
}

}  // namespace

PcaResult pca_sequential(const datasets::IntegerTable& matrix) {
  PcaResult result{matrix.rows, matrix.columns, {}, {}};
  for (std::size_t i = 0; i < matrix.rows; ++i) result.row_sums.push_back(row_sum(matrix.row(i)));
  for (std::size_t i = 0; i < matrix.rows; ++i)
    for (std::size_t j = i; j < matrix.rows; ++j) result.product_sums.push_back(product_sum(matrix.row(i), matrix.row(j)));
  return result;
}

PcaResult pca_phoenix_like(const datasets::IntegerTable& matrix, std::size_t threads) {
  const std::size_t rows = matrix.rows;
  PcaResult result{rows, matrix.columns, {}, {}};
  result.row_sums = phoenix_array_job(threads, rows, [&](std::size_t i) { return row_sum(matrix.row(i)); });
  result.product_sums = phoenix_array_job(threads, pair_count(rows), [&](std::size_t p) {
    const auto pair = pair_at(p, rows);
    return product_sum(matrix.row(pair.i), matrix.row(pair.j));
  });
  return result;
}

}  // namespace pgasmr::apps::pca
