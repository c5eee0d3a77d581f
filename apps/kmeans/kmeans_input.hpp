#pragma once
/// @file
/// The input of k-means: the points (an integer CSV), K, the round limit, and the blocks of
/// points the engine maps; checked once at load so that no later sum or distance can overflow.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>

#include <pgasmr/datasets/integer_table.hpp>

namespace pgasmr::apps::kmeans {

/// Loaded once per process, read by all its threads.
struct KmeansInput {
  datasets::IntegerTable points;  ///< one point per row
  std::size_t clusters = 0;       ///< K, 1 <= K <= points
  std::uint64_t max_rounds = 0;   ///< at least 1
  std::size_t points_per_block = 1;  ///< the engine's map elements are blocks of this many points
  std::uint64_t bytes = 0;        ///< the file's size, for the report
  std::uint64_t largest_magnitude = 0;  ///< of any coordinate (so of any centroid's: they lie within the points' range)

  std::size_t dimensions() const noexcept { return points.columns; }
  std::size_t point_count() const noexcept { return points.rows; }
  std::span<const std::int64_t> point(std::size_t i) const noexcept { return points.row(i); }
  std::size_t blocks() const noexcept { return (points.rows + points_per_block - 1) / points_per_block; }
  std::size_t block_begin(std::size_t block) const noexcept { return block * points_per_block; }
  std::size_t block_size(std::size_t block) const noexcept;
};

/// The largest coordinate magnitude k-means accepts for points of `dimensions` coordinates:
/// squared distances (at most dimensions x (2 x bound)^2: centroids lie within the points' range) and
/// per-cluster sums (at most `points` x bound) then fit in a signed 64-bit integer.
std::int64_t coordinate_bound(std::size_t dimensions, std::size_t points) noexcept;

/// usage_error for K = 0 or beyond the cluster ids, or --max-rounds 0.
void check_kmeans_flags(std::uint64_t clusters, std::uint64_t max_rounds);

/// Checks `points` (read from `name`) for k-means with `clusters` clusters and `max_rounds`
/// rounds, and cuts it into blocks for `total_threads` PGAS threads (the same blocks in every
/// process). Throws check_kmeans_flags's usage_error; datasets::input_error naming the
/// file for fewer points than K, and naming the line of the first coordinate beyond
/// coordinate_bound.
KmeansInput make_kmeans_input(datasets::IntegerTable points, std::string_view name, std::uint64_t clusters,
                              std::uint64_t max_rounds, std::size_t total_threads);

/// read_integer_csv(path) (input_error naming the file and line of a bad row, or an empty file),
/// then make_kmeans_input.
KmeansInput load_kmeans_input(const std::filesystem::path& path, std::uint64_t clusters, std::uint64_t max_rounds,
                              std::size_t total_threads);

}  // namespace pgasmr::apps::kmeans
