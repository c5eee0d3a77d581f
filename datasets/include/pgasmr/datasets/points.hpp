#pragma once
/// @file
/// A point cloud with known clusters for k-means: integer points in CSV.

#include <cstdint>
#include <filesystem>
#include <vector>

#include <pgasmr/datasets/progress.hpp>

namespace pgasmr::datasets {

/// Cluster centres lie within +-centre_range in every coordinate.
inline constexpr std::int64_t centre_range = 1'000'000;
/// The largest spread: coordinates stay within +-2'000'000, far inside what k-means accepts.
inline constexpr std::int64_t largest_spread = 1'000'000;

struct PointsOptions {
  std::uint64_t seed = 1;
  std::uint64_t points = 0;      ///< at least 1
  std::uint64_t dimensions = 0;  ///< at least 1
  std::uint64_t clusters = 0;    ///< 1 to points
  std::int64_t spread = 1000;    ///< 0 to largest_spread
};

/// The centres of the clusters: `clusters` rows of `dimensions` coordinates drawn uniformly from
/// [-centre_range, centre_range], determined by the seed.
std::vector<std::int64_t> cluster_centres(const PointsOptions& options);

/// Writes `options.points` lines of `dimensions` comma-separated integers to `path`,
/// all-or-nothing: point i belongs to cluster i mod K (so the first K points, k-means' initial
/// centroids, lie one in each cluster) and is its centre plus, in every coordinate, noise drawn
/// uniformly from [-spread, spread]. The same options always give the same bytes. Throws
/// std::invalid_argument for options outside the ranges above, output_error when `path` cannot
/// be written. Progress counts bytes, the total estimated from the lines written so far.
void generate_points(const std::filesystem::path& path, const PointsOptions& options, const Progress& progress = {});

}  // namespace pgasmr::datasets
