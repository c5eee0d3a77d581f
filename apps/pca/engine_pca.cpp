#include "pca/engine_pca.hpp"

#include <ranges>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/array_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"

namespace pgasmr::apps::pca {

std::optional<PcaResult> pca_engine(pgas::Context& me, const datasets::IntegerTable& matrix, const EngineChoice& choice,
                                    JobTimer& timer) {
  using Statistics = mr::ArrayContainer<std::int64_t, mr::sum>;
  const std::size_t rows = matrix.rows;
  const std::size_t elements = rows + pair_count(rows);
  auto map = [&](std::size_t element, Statistics& out) {
    if (element < rows) {
      out.emit(element, row_sum(matrix.row(element)));
    } else {
      const auto pair = pair_at(element - rows, rows);
      out.emit(element, product_sum(matrix.row(pair.i), matrix.row(pair.j)));
    }
  };
  WeightedDistribution distribution(choice.distribution, elements,
                                    [&](std::size_t element) { return (element < rows ? 1 : 2) * matrix.columns; });
  Statistics statistics(elements);
  mr::apply_map(me, std::views::iota(std::size_t{0}, elements), map, statistics, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, statistics, choice.reduce, timer);
  if (me.thread() != 0) return std::nullopt;
  PcaResult result{rows, matrix.columns, std::vector<std::int64_t>(rows), std::vector<std::int64_t>(pair_count(rows))};
  for (const auto& [element, value] : reduced)
    (element < rows ? result.row_sums[element] : result.product_sums[element - rows]) = value;
  return result;
}

}  // namespace pgasmr::apps::pca
