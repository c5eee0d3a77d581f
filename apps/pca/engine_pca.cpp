#include "pca/engine_pca.hpp"

#include <array>
#include <ranges>
#include <string>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/array_container.hpp>

#include "common/memory_need.hpp"
#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"

namespace pgasmr::apps::pca {

std::optional<PcaResult> pca_engine(pgas::Context& me, const datasets::IntegerTable& matrix, const EngineChoice& choice,
                                    JobTimer& timer) {
  using Statistics = mr::ArrayContainer<std::int64_t, mr::sum>;
  const std::size_t rows = matrix.rows;
  // Every thread counts into an array of every sum, and thread 0 gathers them into the result.
  require_memory(bytes_of(rows + pair_count(rows), sizeof(std::int64_t), me.threads_per_process() + 1u),
                 std::to_string(rows) + " rows (" + std::to_string(rows + pair_count(rows)) + " sums for each of " +
                     std::to_string(me.threads_per_process()) + " threads)");
  const PairGroups groups(rows);
  auto map = [&](std::size_t element, Statistics& out) {
    if (element < rows) {
      out.emit(element, row_sum(matrix.row(element)));
      return;
    }
    const auto group = groups[element - rows];
    std::array<std::int64_t, pairs_per_group> sums;
    product_sums(matrix, group, sums);
    const auto first_key = rows + pair_index(group.first, rows);
    for (std::size_t r = 0; r < group.count; ++r) out.emit(first_key + r, sums[r]);
  };
  const std::size_t elements = rows + groups.size();
  WeightedDistribution distribution(choice.distribution, elements, [&](std::size_t element) {
    return (element < rows ? 1 : 2 * groups[element - rows].count) * matrix.columns;
  });
  Statistics statistics(rows + pair_count(rows));
  mr::apply_map(me, std::views::iota(std::size_t{0}, elements), map, statistics, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, statistics, choice.reduce, timer);
  if (me.thread() != 0) return std::nullopt;
  PcaResult result{rows, matrix.columns, std::vector<std::int64_t>(rows), std::vector<std::int64_t>(pair_count(rows))};
  for (const auto& [key, value] : reduced)
    (key < rows ? result.row_sums[key] : result.product_sums[key - rows]) = value;
  return result;
}

}  // namespace pgasmr::apps::pca
