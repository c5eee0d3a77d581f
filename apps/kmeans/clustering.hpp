#pragma once
/// @file
/// The exact k-means every version computes, and the steps they share. Round r assigns every
/// point to its nearest centroid (squared Euclidean distance in 64-bit integers, ties to the lower
/// index), then moves each centroid to the per-coordinate sum of its points divided by their count,
/// rounded toward zero (a centroid without points stays). The centroids start at the first K
/// points; no point has a cluster before round 1, so round 1 changes every point. The job stops
/// after the first round in which no point changed cluster, or after --max-rounds rounds.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace pgasmr::apps::kmeans {

using ClusterIndex = std::uint32_t;
/// A point's cluster before round 1.
inline constexpr ClusterIndex no_cluster = std::numeric_limits<ClusterIndex>::max();

/// What k-means outputs.
struct Clustering {
  std::uint64_t rounds = 0;  ///< assignment rounds run, the last one included (changed or not)
  std::size_t dimensions = 0;
  std::vector<std::int64_t> centroids;  ///< K rows of `dimensions` coordinates

  friend bool operator==(const Clustering&, const Clustering&) = default;
};

/// Centroids are stored row after row: centroid c is centroids[c * dimensions, (c + 1) * dimensions).
/// The index of the centroid nearest to `point`, the lower index on a tie.
ClusterIndex nearest_centroid(std::span<const std::int64_t> point, std::span<const std::int64_t> centroids);

/// Per-cluster sums, K rows of dimensions + 1 values: the coordinate sums of the cluster's points,
/// then their count (the engine's array-container keys, the baselines' arrays).
inline std::size_t sums_row(ClusterIndex cluster, std::size_t dimensions) noexcept {
  return static_cast<std::size_t>(cluster) * (dimensions + 1);
}
inline std::size_t sums_size(std::size_t clusters, std::size_t dimensions) noexcept {
  return clusters * (dimensions + 1);
}

/// Adds `point` to its cluster's row of `sums`.
void add_to_sums(std::span<const std::int64_t> point, ClusterIndex cluster, std::span<std::int64_t> sums);

/// Moves every centroid with points to the truncated mean of its points (`sums` as above); the
/// others stay.
void move_centroids(std::span<const std::int64_t> sums, std::size_t dimensions, std::span<std::int64_t> centroids);

/// The first K points, the initial centroids.
std::vector<std::int64_t> initial_centroids(std::span<const std::int64_t> points, std::size_t clusters,
                                            std::size_t dimensions);

/// The --output format: `rounds<TAB>N`, then a line of comma-separated coordinates per centroid.
std::string format_clustering(const Clustering& clustering);

/// The first `top` centroids and the round count, for the report.
std::string summarize_clustering(const Clustering& clustering, std::size_t top);

/// What differs between two clusterings (empty when they are equal), for --verify.
std::string describe_difference(const Clustering& expected, const Clustering& actual);

}  // namespace pgasmr::apps::kmeans
