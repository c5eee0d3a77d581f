#include "linreg/engine_linreg.hpp"

#include <ranges>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/array_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"

namespace pgasmr::apps::linreg {
namespace {

/// Five keys (Sum), each an exact sum of doubles.
using SumTable = mr::ArrayContainer<coll::ExactSum, mr::exact_sum>;

/// The sequential map function: one block of points in, added up in the block's own sums
/// (add_points), then one pair out per sum.
void map_block(const PairsInput& input, std::size_t block, SumTable& out) {
  Sums sums;
  add_points(input.file.bytes(), input.format, input.block_begin(block), input.block_end(block), sums);
  for (std::size_t key = 0; key < sum_count; ++key) out.emit(key, sums.of[key]);
}

}  // namespace

std::optional<Regression> regression_engine(pgas::Context& me, const PairsInput& input, const EngineChoice& choice,
                                            JobTimer& timer) {
  WeightedDistribution distribution(choice.distribution, input.blocks(), [&](std::size_t block) {
    return input.block_end(block) - input.block_begin(block);
  });
  SumTable sums(sum_count);
  mr::apply_map(
      me, std::views::iota(std::size_t{0}, input.blocks()),
      [&](std::size_t block, SumTable& out) { map_block(input, block, out); }, sums, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, sums, choice.reduce, timer);
  if (me.thread() != 0) return std::nullopt;
  Sums total;
  for (const auto& [key, sum] : reduced) total.of[key] += sum;
  return Regression::from(input.points, total);
}

}  // namespace pgasmr::apps::linreg
