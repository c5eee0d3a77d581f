#include "kmeans/engine_kmeans.hpp"

#include <algorithm>
#include <ranges>
#include <span>
#include <vector>

#include <pgasmr/collectives/broadcast.hpp>
#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/array_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"
#include "kmeans/assignment_memo.hpp"
#include "kmeans/centroid_search.hpp"

namespace pgasmr::apps::kmeans {
namespace {

/// Keys: the K x (D + 1) per-cluster sums (sums_row), then the count of changed points.
using RoundSums = mr::ArrayContainer<std::int64_t, mr::sum>;

}  // namespace

std::optional<Clustering> kmeans_engine(pgas::Context& me, const KmeansInput& input, const EngineChoice& choice,
                                        JobTimer& timer) {
  const std::size_t dimensions = input.dimensions();
  const std::size_t centroid_values = input.clusters * dimensions;
  const std::size_t changed_key = sums_size(input.clusters, dimensions);

  // What every thread keeps from round to round: the container, the distribution of the blocks,
  // its memo of its blocks' clusters, and the state thread 0 broadcasts: this round's centroids
  // followed by last round's count of changed points.
  RoundSums sums(changed_key + 1);
  WeightedDistribution distribution(choice.distribution, input.blocks(),
                                    [&](std::size_t block) { return input.block_size(block) * dimensions; });
  AssignmentMemo memo(input.blocks());
  std::vector<std::int64_t> state = initial_centroids(input.points.values, input.clusters, dimensions);
  state.push_back(0);
  // This round's centroids and the previous round's (for blocks the memo lacks), laid out for
  // the search; each thread makes its own once a round (K x D values).
  const bool exact = exact_in_doubles(dimensions, input.largest_magnitude);
  CentroidSearch search, last_search;
  std::uint64_t round = 0;

  // The user's map: one block of points, added up in this thread's scratch sums and emitted once
  // per key and block, rather than a pair per coordinate per point.
  std::vector<std::int64_t> block_sums(changed_key + 1);
  std::vector<ClusterIndex> nearest;  // of the block's points, searched together
  auto map_block = [&](std::size_t block, RoundSums& out) {
    const auto begin = input.block_begin(block);
    auto memo_entry = memo.take(block, round, input.block_size(block));
    nearest.resize(memo_entry.clusters.size());
    search.nearest(std::span(input.points.values).subspan(begin * dimensions, nearest.size() * dimensions), nearest);
    std::ranges::fill(block_sums, 0);
    std::int64_t changed = 0;
    for (std::size_t j = 0; j < memo_entry.clusters.size(); ++j) {
      const auto point = input.point(begin + j);
      const auto cluster = nearest[j];
      const auto before = round == 1                        ? no_cluster
                          : memo_entry.holds_previous_round ? memo_entry.clusters[j]
                                                            : last_search.nearest(point);
      changed += cluster != before;
      memo_entry.clusters[j] = cluster;
      add_to_sums(point, cluster, std::span(block_sums).first(changed_key));
    }
    block_sums[changed_key] = changed;
    for (std::size_t key = 0; key < block_sums.size(); ++key) out.emit(key, block_sums[key]);
  };

  const auto blocks = std::views::iota(std::size_t{0}, input.blocks());
  do {
    ++round;
    sums.clear();
    memo.forget_before(round);
    last_search = std::move(search);
    search = CentroidSearch(std::span(state).first(centroid_values), dimensions, exact);
    mr::apply_map(me, blocks, map_block, sums, distribution.get());
    timer.lap("map");
    auto reduced = reduce_to_thread0(me, sums, choice.reduce, timer);
    if (me.thread() == 0) {
      std::vector<std::int64_t> totals(changed_key + 1);
      for (const auto& [key, value] : reduced) totals[key] = value;
      move_centroids(std::span(totals).first(changed_key), dimensions, std::span(state).first(centroid_values));
      state.back() = totals[changed_key];
    }
    // Thread 0 alone computes the centroids, whichever reduce mode brought it the sums; one
    // broadcast then gives every thread the centroids and the decision to go on.
    coll::broadcast(me, coll::in_place, state, state.size());
    timer.lap("broadcast");
  } while (state.back() != 0 && round < input.max_rounds);

  if (me.thread() != 0) return std::nullopt;
  state.pop_back();
  return Clustering{round, dimensions, std::move(state)};
}

}  // namespace pgasmr::apps::kmeans
