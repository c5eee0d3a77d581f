#include "matmul/baselines.hpp"

#include <atomic>

#include "common/workers.hpp"
#include "matmul/product.hpp"

namespace pgasmr::apps::matmul {

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
  std::atomic<std::size_t> next_row{0};
  run_workers(threads, [&](std::size_t) {
    for (auto i = next_row.fetch_add(1, std::memory_order_relaxed); i < a.rows;
         i = next_row.fetch_add(1, std::memory_order_relaxed))
      multiply_row(a, b, i, std::span(product.values).subspan(i * b.columns, b.columns));
  });
  return product;
}

}  // namespace pgasmr::apps::matmul
