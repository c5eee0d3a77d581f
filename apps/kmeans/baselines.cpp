#include "kmeans/baselines.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <span>
#include <vector>

#include "common/phoenix_like_tasks.hpp"
#include "common/workers.hpp"

namespace pgasmr::apps::kmeans {
namespace {

/// Phoenix++'s point: its coordinates by pointer, and its cluster (for a mean, its point count).
template <class Coordinate>
struct PhoenixPoint {
  Coordinate* d;
  Coordinate cluster;
};

/// Phoenix++'s map of a point, in its shape and its numbers: the squared distance to every mean
/// (its point::sq_dist, a loop over the dimension, read through `dim` as it reads its global),
/// the nearest mean (the lower index on a tie), then the emit into that cluster's combiner
/// (its point_combiner: the coordinates added to the sums, one to the count). Returns the cluster.
template <class Coordinate, class Distance>
ClusterIndex map_point(const Coordinate* p, const Coordinate& dim, const std::vector<PhoenixPoint<Coordinate>>& means,
                       std::vector<PhoenixPoint<Coordinate>>& sums) {
  Distance min_dist = std::numeric_limits<Distance>::max();
  std::size_t min_idx = 0;
  for (std::size_t j = 0; j < means.size(); j++) {
    Distance sum = 0;
    for (Coordinate i = 0; i < dim; i++) {
      Coordinate diff = p[i] - means[j].d[i];
      sum += static_cast<Distance>(diff * diff);
    }
    if (sum < min_dist) {
      min_dist = sum;
      min_idx = j;
    }
  }
  auto& cluster = sums[min_idx];
  cluster.cluster += 1;
  for (Coordinate i = 0; i < dim; i++) cluster.d[i] += p[i];
  return static_cast<ClusterIndex>(min_idx);
}

/// Points of Phoenix++'s kind, `count` of them, each its own array of `dimensions` coordinates
/// (the arrays kept in `coordinates`), starting at `first` (dimensions values each) or at zero.
template <class Coordinate>
std::vector<PhoenixPoint<Coordinate>> phoenix_points(std::vector<std::vector<Coordinate>>& coordinates,
                                                     std::size_t count, std::size_t dimensions,
                                                     std::span<const std::int64_t> first, Coordinate cluster) {
  coordinates.assign(count, std::vector<Coordinate>(dimensions));
  std::vector<PhoenixPoint<Coordinate>> points;
  for (std::size_t c = 0; c < count; ++c) {
    if (!first.empty()) std::ranges::copy(first.subspan(c * dimensions, dimensions), coordinates[c].begin());
    points.push_back({coordinates[c].data(), cluster});
  }
  return points;
}

/// kmeans_phoenix_like in Coordinate (coordinates, sums and counts) and Distance (squared distances).
template <class Coordinate, class Distance>
Clustering kmeans_phoenix_like_in(const KmeansInput& input, std::size_t threads) {
  const std::size_t dimensions = input.dimensions();
  const std::size_t n = input.point_count();
  const std::size_t row = dimensions + 1;
  const auto dim = static_cast<Coordinate>(dimensions);
  const std::vector<Coordinate> points(input.points.values.begin(), input.points.values.end());
  auto centroids = initial_centroids(input.points.values, input.clusters, dimensions);
  std::vector<ClusterIndex> cluster_of(n, no_cluster);
  std::vector<std::vector<std::int64_t>> per_worker(threads);
  std::vector<std::size_t> changed_by(threads);
  std::uint64_t round = 0;
  std::size_t changed = 0;
  do {
    ++round;
    std::vector<std::vector<Coordinate>> mean_coordinates;  // the means, as Phoenix++ makes them each round
    const auto means = phoenix_points<Coordinate>(mean_coordinates, input.clusters, dimensions, centroids, 1);
    // Map: tasks of points from Phoenix++'s queue into sums the worker makes and holds (as
    // Phoenix++'s per-thread array container of combiners), handed over when its tasks are done.
    auto tasks = PhoenixTaskQueue::for_map(n, threads);
    run_workers(threads, [&](std::size_t worker) {
      std::vector<std::vector<Coordinate>> sum_coordinates;
      auto sums = phoenix_points<Coordinate>(sum_coordinates, input.clusters, dimensions, {}, 0);
      std::size_t changed_here = 0;
      while (auto task = tasks.take(worker))
        for (std::size_t i = task->first; i < task->last; ++i) {
          const auto cluster = map_point<Coordinate, Distance>(points.data() + i * dimensions, dim, means, sums);
          if (cluster != cluster_of[i]) {
            cluster_of[i] = cluster;
            ++changed_here;
          }
        }
      auto& handed = per_worker[worker];  // K rows of sums and a count
      handed.assign(sums_size(input.clusters, dimensions), 0);
      for (std::size_t c = 0; c < input.clusters; ++c) {
        std::ranges::copy(sum_coordinates[c], handed.begin() + static_cast<std::ptrdiff_t>(c * row));
        handed[c * row + dimensions] = sums[c].cluster;
      }
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

/// Whether Phoenix++'s numbers hold every value of `input` exactly: the dimension, and a
/// difference of two coordinates squared, in an int (centroids lie within the points' range), a
/// squared distance in an unsigned int, a cluster's sums and count in an int.
bool fits_phoenix_numbers(const KmeansInput& input) {
  constexpr std::uint64_t int_max = std::numeric_limits<int>::max();
  constexpr std::uint64_t unsigned_max = std::numeric_limits<unsigned>::max();
  const std::uint64_t spread = 2 * input.largest_magnitude, points = input.point_count();
  if (spread > 46340) return false;  // 46341^2 > int_max
  const std::uint64_t square = spread * spread;
  return input.dimensions() <= int_max && (square == 0 || input.dimensions() <= unsigned_max / square) &&
         points <= int_max &&
         (input.largest_magnitude == 0 || points <= int_max / input.largest_magnitude);
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
  // Phoenix++'s int and unsigned int where they are exact, else 64-bit integers throughout.
  if (fits_phoenix_numbers(input)) return kmeans_phoenix_like_in<int, unsigned>(input, threads);
  return kmeans_phoenix_like_in<std::int64_t, std::int64_t>(input, threads);
}

}  // namespace pgasmr::apps::kmeans
