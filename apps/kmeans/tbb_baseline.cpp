#include "kmeans/tbb_baseline.hpp"

#include <span>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include "common/tbb_arena.hpp"
#include "kmeans/centroid_search.hpp"

namespace pgasmr::apps::kmeans {
namespace {

struct RoundSums {
  std::vector<std::int64_t> sums;
  std::size_t changed = 0;
};

}  // namespace

Clustering kmeans_tbb(const KmeansInput& input, std::size_t threads) {
  using Points = tbb::blocked_range<std::size_t>;
  const std::size_t dimensions = input.dimensions();
  auto centroids = initial_centroids(input.points.values, input.clusters, dimensions);
  std::vector<ClusterIndex> cluster_of(input.point_count(), no_cluster);
  std::vector<ClusterIndex> cluster_nearest(input.point_count());  // this round's, searched a range at a time
  const RoundSums zero{std::vector<std::int64_t>(sums_size(input.clusters, dimensions)), 0};
  const bool exact = exact_in_doubles(dimensions, input.largest_magnitude);
  TbbArena arena(threads);
  std::uint64_t round = 0;
  RoundSums total;
  do {
    ++round;
    const CentroidSearch search(centroids, dimensions, exact);
    total = arena.execute([&] {
      return tbb::parallel_reduce(
          Points(0, input.point_count()), zero,
          [&](const Points& points, RoundSums partial) {
            const auto nearest = std::span(cluster_nearest).subspan(points.begin(), points.size());
            search.nearest(std::span(input.points.values).subspan(points.begin() * dimensions, points.size() * dimensions),
                           nearest);
            for (auto i = points.begin(); i != points.end(); ++i) {
              auto cluster = nearest[i - points.begin()];
              if (cluster != cluster_of[i]) {
                cluster_of[i] = cluster;
                ++partial.changed;
              }
              add_to_sums(input.point(i), cluster, partial.sums);
            }
            return partial;
          },
          [](RoundSums a, const RoundSums& b) {
            for (std::size_t k = 0; k < a.sums.size(); ++k) a.sums[k] += b.sums[k];
            a.changed += b.changed;
            return a;
          });
    });
    move_centroids(total.sums, dimensions, centroids);
  } while (total.changed != 0 && round < input.max_rounds);
  return {round, dimensions, std::move(centroids)};
}

}  // namespace pgasmr::apps::kmeans
