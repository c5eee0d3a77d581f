#include "matmul/baselines.hpp"

#include <vector>

#include "common/phoenix_like_tasks.hpp"
#include "common/workers.hpp"
#include "matmul/product.hpp"

namespace pgasmr::apps::matmul {
namespace {

/// Phoenix++'s map of the split of row i, in its shape: A(i,k) read in the inner loop, row k of
/// B walked by a pointer, the sums made in the output itself.
void map_row(const datasets::IntegerTable& a, const datasets::IntegerTable& b, std::size_t i, std::int64_t* output) {
  const std::int64_t* a_row = a.values.data() + i * a.columns;
  const std::int64_t* b_row = b.values.data();
  std::int64_t* out = output + i * b.columns;
  for (std::size_t k = 0; k < a.columns; ++k, b_row += b.columns)
    for (std::size_t j = 0; j < b.columns; ++j) out[j] += a_row[k] * b_row[j];
}

}  // namespace

datasets::IntegerTable multiply_sequential(const datasets::IntegerTable& a, const datasets::IntegerTable& b) {
  auto product = product_shape(a, b);
  for (std::size_t i = 0; i < a.rows; ++i)
    for (std::size_t j = 0; j < b.columns; ++j) {
      std::int64_t entry = 0;
      for (std::size_t k = 0; k < a.columns; ++k) entry += a.values[i * a.columns + k] * b.values[k * b.columns + j];
      product.values[i * b.columns + j] = entry;
    }
  return product;
}

datasets::IntegerTable multiply_phoenix_like(const datasets::IntegerTable& a, const datasets::IntegerTable& b,
                                             std::size_t threads) {
  auto product = product_shape(a, b);
  std::vector<std::size_t> splits;  // made up front, as Phoenix++'s run() does with its splitter
  for (std::size_t i = 0; i < a.rows; ++i) splits.push_back(i);
  auto tasks = PhoenixTaskQueue::for_map(splits.size(), threads);
  run_workers(threads, [&](std::size_t worker) {
    while (auto task = tasks.take(worker))
      for (auto s = task->first; s < task->last; ++s) map_row(a, b, splits[s], product.values.data());
  });
  return product;
}

}  // namespace pgasmr::apps::matmul
