#include "matmul/engine_matmul.hpp"

#include <algorithm>
#include <ranges>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"
#include "matmul/product.hpp"

namespace pgasmr::apps::matmul {

std::vector<std::int64_t> add_rows::operator()(const std::vector<std::int64_t>& a,
                                               const std::vector<std::int64_t>& b) const {
  if (a.empty()) return b;
  if (b.empty()) return a;
  auto sum = a;
  for (std::size_t j = 0; j < sum.size(); ++j) sum[j] += b[j];
  return sum;
}

std::optional<datasets::IntegerTable> multiply_engine(pgas::Context& me, const datasets::IntegerTable& a,
                                                      const datasets::IntegerTable& b, const EngineChoice& choice,
                                                      JobTimer& timer) {
  using ProductRows = mr::HashContainer<std::uint64_t, std::vector<std::int64_t>, add_rows>;
  auto map = [&](std::size_t i, ProductRows& out) {
    std::vector<std::int64_t> row(b.columns);
    multiply_row(a, b, i, row);
    out.emit(i, row);
  };
  WeightedDistribution distribution(choice.distribution, a.rows, [&](std::size_t) { return a.columns * b.columns; });
  ProductRows rows;
  mr::apply_map(me, std::views::iota(std::size_t{0}, a.rows), map, rows, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, rows, choice.reduce, timer);
  if (me.thread() != 0) return std::nullopt;
  auto product = product_shape(a, b);
  for (const auto& [i, row] : reduced)
    std::ranges::copy(row, product.values.begin() + static_cast<std::ptrdiff_t>(i * b.columns));
  return product;
}

}  // namespace pgasmr::apps::matmul
