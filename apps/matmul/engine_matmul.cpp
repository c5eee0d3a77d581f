#include "matmul/engine_matmul.hpp"

#include <algorithm>
#include <ranges>
#include <utility>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"
#include "matmul/double_product.hpp"
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
  const std::size_t bands = (a.rows + band_rows - 1) / band_rows;
  auto rows_of = [&](std::size_t band) { return std::min(band_rows, a.rows - band * band_rows); };
  std::optional<DoubleProduct> in_doubles;  // each thread packs its own B: no sharing to arrange
  if (exact_in_doubles(a, b)) in_doubles.emplace(a, b);
  auto map = [&](std::size_t band, ProductBands& out) {
    std::vector<std::int64_t> rows(rows_of(band) * b.columns);
    if (in_doubles) in_doubles->multiply_rows(band * band_rows, rows);
    else multiply_rows(a, b, band * band_rows, rows);
    out.emit(band, std::move(rows));
  };
  WeightedDistribution distribution(choice.distribution, bands,
                                    [&](std::size_t band) { return rows_of(band) * a.columns * b.columns; });
  ProductBands product_bands;
  mr::apply_map(me, std::views::iota(std::size_t{0}, bands), map, product_bands, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, product_bands, choice.reduce, timer);
  if (me.thread() != 0) return std::nullopt;
  auto product = product_shape(a, b);
  for (const auto& [band, rows] : reduced)
    std::ranges::copy(rows, product.values.begin() + static_cast<std::ptrdiff_t>(band * band_rows * b.columns));
  return product;
}

}  // namespace pgasmr::apps::matmul
