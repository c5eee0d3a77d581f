#include "matmul/tbb_baseline.hpp"

#include <span>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "common/tbb_arena.hpp"
#include "matmul/product.hpp"

namespace pgasmr::apps::matmul {

datasets::IntegerTable multiply_tbb(const datasets::IntegerTable& a, const datasets::IntegerTable& b, std::size_t threads) {
  using Rows = tbb::blocked_range<std::size_t>;
  auto product = product_shape(a, b);
  TbbArena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(Rows(0, a.rows), [&](const Rows& rows) {
      const auto first = rows.begin() * b.columns;
      multiply_rows(a, b, rows.begin(), std::span(product.values).subspan(first, rows.size() * b.columns));
    });
  });
  return product;
}

}  // namespace pgasmr::apps::matmul
