#include "matmul/engine_matmul.hpp"

#include <algorithm>
#include <ranges>
#include <utility>

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
  using ProductBands = mr::HashContainer<std::uint64_t, std::vector<std::int64_t>, add_rows>;
  const std::size_t bands = (a.rows + rows_per_pass - 1) / rows_per_pass;
  auto band_rows = [&](std::size_t band) { return std::min(rows_per_pass, a.rows - band * rows_per_pass); };
  auto map = [&](std::size_t band, ProductBands& out) {
    std::vector<std::int64_t> rows(band_rows(band) * b.columns);
    multiply_rows(a, b, band * rows_per_pass, rows);
    out.emit(band, std::move(rows));
  };
  WeightedDistribution distribution(choice.distribution, bands,
                                    [&](std::size_t band) { return band_rows(band) * a.columns * b.columns; });
  ProductBands product_bands;
  mr::apply_map(me, std::views::iota(std::size_t{0}, bands), map, product_bands, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, product_bands, choice.reduce, timer);
  if (me.thread() != 0) return std::nullopt;
  auto product = product_shape(a, b);
  for (const auto& [band, rows] : reduced)
    std::ranges::copy(rows, product.values.begin() + static_cast<std::ptrdiff_t>(band * rows_per_pass * b.columns));
  return product;
}

}  // namespace pgasmr::apps::matmul
