#include "kmeans/clustering.hpp"

#include <algorithm>

#include "common/difference_report.hpp"

namespace pgasmr::apps::kmeans {
namespace {

std::string format_centroid(std::span<const std::int64_t> centroid) {
  std::string line;
  for (std::size_t d = 0; d < centroid.size(); ++d) line.append(d == 0 ? "" : ",").append(std::to_string(centroid[d]));
  return line;
}

std::span<const std::int64_t> centroid_of(const Clustering& clustering, std::size_t c) {
  return std::span(clustering.centroids).subspan(c * clustering.dimensions, clustering.dimensions);
}

std::size_t centroid_count(const Clustering& clustering) {
  return clustering.dimensions == 0 ? 0 : clustering.centroids.size() / clustering.dimensions;
}

/// nearest_centroid for points of `Dimensions` coordinates (std::dynamic_extent: any number).
/// With the count known, the compiler unrolls the distance and keeps the point in registers:
/// k-means inputs mostly have a few dimensions, and this loop is most of every version's time.
template <std::size_t Dimensions>
ClusterIndex nearest_of(std::span<const std::int64_t, Dimensions> point, std::span<const std::int64_t> centroids) {
  const std::size_t dimensions = point.size();
  ClusterIndex nearest = 0;
  std::int64_t least = std::numeric_limits<std::int64_t>::max();
  for (std::size_t at = 0, c = 0; at < centroids.size(); at += dimensions, ++c) {
    std::int64_t distance = 0;  // kept in range by the coordinate bound checked at load
    for (std::size_t d = 0; d < dimensions; ++d) {
      auto difference = point[d] - centroids[at + d];
      distance += difference * difference;
    }
    if (distance < least) {  // strictly: a tie keeps the lower index
      least = distance;
      nearest = static_cast<ClusterIndex>(c);
    }
  }
  return nearest;
}

}  // namespace

ClusterIndex nearest_centroid(std::span<const std::int64_t> point, std::span<const std::int64_t> centroids) {
  switch (point.size()) {
    case 1: return nearest_of(point.first<1>(), centroids);
    case 2: return nearest_of(point.first<2>(), centroids);
    case 3: return nearest_of(point.first<3>(), centroids);
    case 4: return nearest_of(point.first<4>(), centroids);
    default: return nearest_of(point, centroids);
  }
}

void add_to_sums(std::span<const std::int64_t> point, ClusterIndex cluster, std::span<std::int64_t> sums) {
  auto row = sums.subspan(sums_row(cluster, point.size()), point.size() + 1);
  for (std::size_t d = 0; d < point.size(); ++d) row[d] += point[d];
  ++row[point.size()];
}

void move_centroids(std::span<const std::int64_t> sums, std::size_t dimensions, std::span<std::int64_t> centroids) {
  for (std::size_t c = 0; c * dimensions < centroids.size(); ++c) {
    auto row = sums.subspan(c * (dimensions + 1), dimensions + 1);
    const std::int64_t count = row[dimensions];
    if (count == 0) continue;
    for (std::size_t d = 0; d < dimensions; ++d) centroids[c * dimensions + d] = row[d] / count;  // toward zero
  }
}

std::vector<std::int64_t> initial_centroids(std::span<const std::int64_t> points, std::size_t clusters,
                                            std::size_t dimensions) {
  auto first = points.first(clusters * dimensions);
  return {first.begin(), first.end()};
}

std::string format_clustering(const Clustering& clustering) {
  std::string text = "rounds\t" + std::to_string(clustering.rounds) + "\n";
  for (std::size_t c = 0; c < centroid_count(clustering); ++c) text += format_centroid(centroid_of(clustering, c)) + "\n";
  return text;
}

std::string summarize_clustering(const Clustering& clustering, std::size_t top) {
  const auto clusters = centroid_count(clustering);
  std::string text = std::to_string(clusters) + " centroid(s) in " + std::to_string(clustering.dimensions) +
                     " dimension(s) after " + std::to_string(clustering.rounds) + " round(s); the first " +
                     std::to_string(std::min(top, clusters)) + ":\n";
  for (std::size_t c = 0; c < top && c < clusters; ++c)
    text += "  " + std::to_string(c) + ": " + format_centroid(centroid_of(clustering, c)) + "\n";
  return text;
}

std::string describe_difference(const Clustering& expected, const Clustering& actual) {
  if (expected.dimensions != actual.dimensions || expected.centroids.size() != actual.centroids.size())
    return std::to_string(centroid_count(actual)) + " centroid(s) of " + std::to_string(actual.dimensions) +
           " coordinate(s) instead of " + std::to_string(centroid_count(expected)) + " of " +
           std::to_string(expected.dimensions);
  DifferenceReport report(expected.rounds == actual.rounds ? std::string()
                                                            : std::to_string(actual.rounds) + " rounds instead of " +
                                                                  std::to_string(expected.rounds));
  for (std::size_t c = 0; c < centroid_count(expected); ++c) {
    auto want = centroid_of(expected, c);
    auto got = centroid_of(actual, c);
    if (!std::ranges::equal(want, got))
      report.note([&] {
        return "centroid " + std::to_string(c) + ": " + format_centroid(got) + " instead of " + format_centroid(want);
      });
  }
  return report.str("centroids");
}

}  // namespace pgasmr::apps::kmeans
