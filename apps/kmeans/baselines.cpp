#include "kmeans/baselines.hpp"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <vector>

#include "common/workers.hpp"

namespace pgasmr::apps::kmeans {
namespace {

/// Points per task of the Phoenix-like map.
constexpr std::size_t split_points = 1024;

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
  const std::size_t splits = (n + split_points - 1) / split_points;
  const std::size_t row = dimensions + 1;
  auto centroids = initial_centroids(input.points.values, input.clusters, dimensions);
  std::vector<ClusterIndex> cluster_of(n, no_cluster);
  std::vector<std::vector<std::int64_t>> per_worker(threads);
  std::vector<std::size_t> changed_by(threads);
  std::uint64_t round = 0;
  std::size_t changed = 0;
  do {
    ++round;
    // Map: splits from a shared queue into the worker's own sums and count, held by the worker
    // (as Phoenix++'s thread-local containers) and published once at the end: workers never
    // write to a cache line another one writes to.
    std::atomic<std::size_t> next_split{0};
    run_workers(threads, [&](std::size_t worker) {
      std::vector<std::int64_t> sums(sums_size(input.clusters, dimensions));
      std::size_t changed_here = 0;
      for (auto s = next_split.fetch_add(1, std::memory_order_relaxed); s < splits;
           s = next_split.fetch_add(1, std::memory_order_relaxed)) {
        for (std::size_t i = s * split_points; i < std::min(n, (s + 1) * split_points); ++i) {
          auto cluster = nearest_centroid(input.point(i), centroids);
          if (cluster != cluster_of[i]) {
            cluster_of[i] = cluster;
            ++changed_here;
          }
          add_to_sums(input.point(i), cluster, sums);
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
