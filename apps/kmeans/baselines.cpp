#include "kmeans/baselines.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "common/phoenix_like_tasks.hpp"
#include "common/workers.hpp"

namespace pgasmr::apps::kmeans {
namespace {

/// Phoenix++'s map of a point: the nearest centroid by its plain loop (as its point::sq_dist,
/// not the engine's tuned nearest_centroid), then the emit into that cluster's combiner, which
/// adds the coordinates and a count of one (Phoenix++'s point_combiner). Returns the cluster.
ClusterIndex map_point(std::span<const std::int64_t> point, std::span<const std::int64_t> centroids,
                       std::span<std::int64_t> sums) {
  const auto nearest = nearest_centroid_plain(point, centroids);
  add_to_sums(point, nearest, sums);
  return nearest;
}

}  // namespace

Clustering kmeans_sequential(const KmeansInput& input) {
  const std::size_t dimensions = input.dimensions();
  auto centroids = initial_centroids(input.points.values, input.clusters, dimensions);
  std::vector<ClusterIndex> cluster_of(input.point_count(), no_cluster);
  std::vector<std::int64_t> sums(sums_size(input.clusters, dimensions));
  std::uint64_t round = 0;
  std::size_t changed = 0;
  do {
    ++round;
    std::ranges::fill(sums, 0);
    changed = 0;
    for (std::size_t i = 0; i < input.point_count(); ++i) {
      auto cluster = nearest_centroid(input.point(i), centroids);
      if (cluster != cluster_of[i]) {
        cluster_of[i] = cluster;
        ++changed;
      }
      add_to_sums(input.point(i), cluster, sums);
    }
    move_centroids(sums, dimensions, centroids);
  } while (changed != 0 && round < input.max_rounds);
  return {round, dimensions, std::move(centroids)};
}

Clustering kmeans_phoenix_like(const KmeansInput& input, std::size_t threads) {
  const std::size_t dimensions = input.dimensions();
  const std::size_t n = input.point_count();
  const std::size_t row = dimensions + 1;
  auto centroids = initial_centroids(input.points.values, input.clusters, dimensions);
  std::vector<ClusterIndex> cluster_of(n, no_cluster);
  std::vector<std::vector<std::int64_t>> per_worker(threads);
  std::vector<std::size_t> changed_by(threads);
  std::uint64_t round = 0;
  std::size_t changed = 0;
  do {
    ++round;
    // Map: tasks of points from Phoenix++'s queue into sums the worker makes and holds (as
    // Phoenix++'s per-thread array container), handed over when its tasks are done.
    auto tasks = PhoenixTaskQueue::for_map(n, threads);
    run_workers(threads, [&](std::size_t worker) {
      std::vector<std::int64_t> sums(sums_size(input.clusters, dimensions));
      std::size_t changed_here = 0;
      while (auto task = tasks.take(worker))
        for (std::size_t i = task->first; i < task->last; ++i) {
          const auto cluster = map_point(input.point(i), centroids, sums);
          if (cluster != cluster_of[i]) {
            cluster_of[i] = cluster;
            ++changed_here;
          }
        }
      per_worker[worker] = std::move(sums);
      changed_by[worker] = changed_here;
    });
    // Reduce: each worker folds its clusters' rows over every worker's sums and moves those
    // centroids.
    run_workers(threads, [&](std::size_t worker) {
      std::vector<std::int64_t> total(row);
      for (std::size_t c = worker; c < input.clusters; c += threads) {
        std::ranges::fill(total, 0);
        for (const auto& sums : per_worker)
          for (std::size_t k = 0; k < row; ++k) total[k] += sums[c * row + k];
        move_centroids(total, dimensions, std::span(centroids).subspan(c * dimensions, dimensions));
      }
    });
    changed = std::accumulate(changed_by.begin(), changed_by.end(), std::size_t{0});
  } while (changed != 0 && round < input.max_rounds);
  return {round, dimensions, std::move(centroids)};
}

}  // namespace pgasmr::apps::kmeans
