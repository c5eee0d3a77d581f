#include "kmeans/kmeans_input.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>

#include "common/options.hpp"
#include "kmeans/clustering.hpp"

namespace pgasmr::apps::kmeans {
namespace {

constexpr std::int64_t int64_max = std::numeric_limits<std::int64_t>::max();
/// Enough blocks for DYNAMIC and BALANCED to even out the threads, few enough that a block is
/// worth a map call.
constexpr std::size_t blocks_per_thread = 16;
constexpr std::size_t largest_block = 4096;

/// The largest r with r * r <= n.
std::uint64_t integer_sqrt(std::uint64_t n) noexcept {
  auto r = static_cast<std::uint64_t>(std::sqrt(static_cast<long double>(n)));
  while (r > 0 && r * r > n) --r;
  while ((r + 1) * (r + 1) <= n) ++r;
  return r;
}

std::uint64_t magnitude(std::int64_t x) noexcept {
  return x < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x);
}

}  // namespace

std::size_t KmeansInput::block_size(std::size_t block) const noexcept {
  return std::min(points_per_block, points.rows - block_begin(block));
}

std::int64_t coordinate_bound(std::size_t dimensions, std::size_t points) noexcept {
  auto for_distances = integer_sqrt(static_cast<std::uint64_t>(int64_max) / (4 * std::max<std::size_t>(dimensions, 1)));
  auto for_sums = static_cast<std::uint64_t>(int64_max) / std::max<std::size_t>(points, 1);
  return static_cast<std::int64_t>(std::min(for_distances, for_sums));
}

void check_kmeans_flags(std::uint64_t clusters, std::uint64_t max_rounds) {
  if (clusters == 0) throw usage_error("--clusters must be at least 1");
  if (clusters >= no_cluster) throw usage_error("--clusters must be below " + std::to_string(no_cluster));
  if (max_rounds == 0) throw usage_error("--max-rounds must be at least 1");
}

KmeansInput make_kmeans_input(datasets::IntegerTable points, std::string_view name, std::uint64_t clusters,
                              std::uint64_t max_rounds, std::size_t total_threads) {
  check_kmeans_flags(clusters, max_rounds);
  const std::string file = datasets::in_quotes(name);
  if (clusters > points.rows)
    throw datasets::input_error(file + " has " + std::to_string(points.rows) + " point(s), fewer than --clusters " +
                                std::to_string(clusters));
  const auto bound = coordinate_bound(points.columns, points.rows);
  std::uint64_t largest = 0;  // one pass; the offending coordinate is looked for only when there is one
  for (auto x : points.values) largest = std::max(largest, magnitude(x));
  if (largest > static_cast<std::uint64_t>(bound)) {
    auto beyond = std::ranges::find_if(points.values, [&](std::int64_t x) { return magnitude(x) > static_cast<std::uint64_t>(bound); });
    auto line = static_cast<std::size_t>(beyond - points.values.begin()) / points.columns + 1;  // a row per line
    throw datasets::input_error(file + " line " + std::to_string(line) + ": coordinate " + std::to_string(*beyond) +
                                " is too large: with " + std::to_string(points.columns) + " dimension(s) and " +
                                std::to_string(points.rows) + " point(s), coordinates must lie within +-" +
                                std::to_string(bound) + " for squared distances and sums to fit in 64 bits");
  }
  KmeansInput input;
  input.clusters = static_cast<std::size_t>(clusters);
  input.max_rounds = max_rounds;
  input.largest_magnitude = largest;
  const auto target_blocks = std::max<std::size_t>(total_threads, 1) * blocks_per_thread;
  input.points_per_block = std::clamp<std::size_t>((points.rows + target_blocks - 1) / target_blocks, 1, largest_block);
  input.points = std::move(points);
  return input;
}

KmeansInput load_kmeans_input(const std::filesystem::path& path, std::uint64_t clusters, std::uint64_t max_rounds,
                              std::size_t total_threads) {
  auto input = make_kmeans_input(datasets::read_integer_csv(path), path.native(), clusters, max_rounds, total_threads);
  input.bytes = std::filesystem::file_size(path);
  return input;
}

}  // namespace pgasmr::apps::kmeans
