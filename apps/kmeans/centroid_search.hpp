#pragma once
/// @file
/// The nearest-centroid search of one round, in double arithmetic when that is exact: with D
/// coordinates of magnitude at most M, every difference is an integer of at most 2M and every
/// partial sum of squares at most D (2M)^2; when that is at most 2^53, a double holds each of
/// them exactly, so the distances, their order and their ties are those of the 64-bit search
/// (nearest_centroid). Doubles are what the vector units subtract and multiply four at a time,
/// where the 64-bit search measures one centroid after another.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "kmeans/clustering.hpp"

namespace pgasmr::apps::kmeans {

/// Whether distances between points of `dimensions` coordinates of magnitude at most
/// `largest_magnitude` (and centroids within their range) are exact in double arithmetic.
bool exact_in_doubles(std::size_t dimensions, std::uint64_t largest_magnitude) noexcept;

/// The centroids of one round, laid out for a vectorized search: in groups of `lanes`
/// centroids, each group coordinate after coordinate (padding centroids at infinity, which no
/// point is nearest to). Made once per round, then read by any number of threads.
class CentroidSearch {
 public:
  static constexpr std::size_t lanes = 4;

  CentroidSearch() = default;
  /// `exact`: exact_in_doubles for the points to be searched; otherwise the search is
  /// nearest_centroid's, on a copy of `centroids`.
  CentroidSearch(std::span<const std::int64_t> centroids, std::size_t dimensions, bool exact);

  /// The index of the centroid nearest to `point`, the lower index on a tie: nearest_centroid's.
  ClusterIndex nearest(std::span<const std::int64_t> point) const;

  /// The same for each of clusters.size() points, one after another in `points` (as many
  /// coordinates each as the centroids have), into `clusters`. Faster per point than one at a
  /// time: several points are searched side by side.
  void nearest(std::span<const std::int64_t> points, std::span<ClusterIndex> clusters) const;

 private:
  std::size_t dimensions_ = 0;
  bool in_doubles_ = false;
  std::vector<std::int64_t> centroids_;  // the 64-bit search's
  std::vector<double> groups_;           // group g, coordinate d, lane l at (g * D + d) * lanes + l
  std::size_t group_count_ = 0;          // groups of `lanes` centroids in groups_
};

}  // namespace pgasmr::apps::kmeans
