#include "kmeans/centroid_search.hpp"

#include <cstring>
#include <limits>

#include "common/avx2_kernels.hpp"

namespace pgasmr::apps::kmeans {
namespace {

/// Four doubles: GCC's vector extension, one AVX register or two SSE2 registers.
using Lanes = double __attribute__((vector_size(32)));
static_assert(sizeof(Lanes) / sizeof(double) == CentroidSearch::lanes);

constexpr double infinity = std::numeric_limits<double>::infinity();

/// Per lane, the nearest centroid so far and its group, replaced only by a strictly nearer one:
/// on a tie the lower group stays.
struct Nearest {
  Lanes distance = {infinity, infinity, infinity, infinity};
  Lanes group = {};

  /// Offers the centroids of group g, at `centroids`, to `point` (its coordinates as doubles).
  template <std::size_t Dimensions>
  [[gnu::always_inline]] void offer(const double* point, std::size_t d_count, const double* centroids,
                                    std::size_t g) noexcept {
    Lanes candidate = {};  // the squared distances
    for (std::size_t d = 0; d < (Dimensions != 0 ? Dimensions : d_count); ++d) {
      Lanes coordinate;  // (memcpy: an unaligned load; no Lanes passed by value, whose ABI differs by target)
      std::memcpy(&coordinate, centroids + d * CentroidSearch::lanes, sizeof coordinate);
      const Lanes difference = point[d] - coordinate;
      candidate += difference * difference;
    }
    const auto nearer = candidate < distance;
    distance = nearer ? candidate : distance;
    group = nearer ? Lanes{} + static_cast<double>(g) : group;
  }
};

/// The nearest of the centroids in `groups` (as CentroidSearch lays them out) to `point` (its
/// `d_count` coordinates as doubles; Dimensions when known at compile time, else 0): the lowest
/// index among the lanes' nearest wins a tie. (Two chains, even and odd groups, measured no
/// faster: 8.1-9.1 against 7.9-8.4 ms a round of the 200,000-point benchmark at 2 threads.)
template <std::size_t Dimensions>
[[gnu::always_inline]] inline ClusterIndex nearest_in_groups(const double* point, std::size_t d_count,
                                                             const double* groups, std::size_t group_count) noexcept {
  constexpr std::size_t lanes = CentroidSearch::lanes;
  const std::size_t stride = (Dimensions != 0 ? Dimensions : d_count) * lanes;
  Nearest nearest_so_far;
  for (std::size_t g = 0; g < group_count; ++g) nearest_so_far.offer<Dimensions>(point, d_count, groups + g * stride, g);
  // Centroid 0 (group 0, lane 0) gives a finite distance; padding's lanes stay at infinity.
  double distance[lanes], group[lanes];
  std::memcpy(distance, &nearest_so_far.distance, sizeof distance);
  std::memcpy(group, &nearest_so_far.group, sizeof group);
  auto index_of = [&](std::size_t lane) {
    return static_cast<ClusterIndex>(static_cast<std::size_t>(group[lane]) * lanes + lane);
  };
  ClusterIndex nearest = index_of(0);
  double least = distance[0];
  for (std::size_t lane = 1; lane < lanes; ++lane) {
    const auto index = index_of(lane);
    if (distance[lane] < least || (distance[lane] == least && index < nearest)) {
      least = distance[lane];
      nearest = index;
    }
  }
  return nearest;
}

[[gnu::always_inline]] inline ClusterIndex nearest_any_dimensions(const double* point, std::size_t dimensions,
                                                                  const double* groups,
                                                                  std::size_t group_count) noexcept {
  switch (dimensions) {  // the common few unrolled, the point's coordinates kept in registers
    case 1: return nearest_in_groups<1>(point, dimensions, groups, group_count);
    case 2: return nearest_in_groups<2>(point, dimensions, groups, group_count);
    case 3: return nearest_in_groups<3>(point, dimensions, groups, group_count);
    case 4: return nearest_in_groups<4>(point, dimensions, groups, group_count);
    default: return nearest_in_groups<0>(point, dimensions, groups, group_count);
  }
}

#if PGASMR_AVX2_KERNELS
/// The same loop in AVX2 instructions: one register per group instead of two. Exactness does not
/// depend on the choice.
PGASMR_AVX2_TARGET ClusterIndex nearest_avx2(const double* point, std::size_t dimensions, const double* groups,
                                             std::size_t group_count) noexcept {
  return nearest_any_dimensions(point, dimensions, groups, group_count);
}
#endif

ClusterIndex nearest_best(const double* point, std::size_t dimensions, const double* groups,
                          std::size_t group_count) noexcept {
#if PGASMR_AVX2_KERNELS
  if (cpu_has_avx2()) return nearest_avx2(point, dimensions, groups, group_count);
#endif
  return nearest_any_dimensions(point, dimensions, groups, group_count);
}

}  // namespace

bool exact_in_doubles(std::size_t dimensions, std::uint64_t largest_magnitude) noexcept {
  // D (2M)^2 <= 2^53, without overflow: 2M <= 2^27 first, then the product.
  if (largest_magnitude > (std::uint64_t{1} << 26)) return false;
  const std::uint64_t difference = 2 * largest_magnitude;
  const std::uint64_t square = difference * difference;
  return square == 0 || dimensions <= (std::uint64_t{1} << 53) / square;
}

CentroidSearch::CentroidSearch(std::span<const std::int64_t> centroids, std::size_t dimensions, bool exact)
    : dimensions_(dimensions), in_doubles_(exact && dimensions != 0) {
  if (!in_doubles_) {
    centroids_.assign(centroids.begin(), centroids.end());
    return;
  }
  const std::size_t clusters = centroids.size() / dimensions, group_count = (clusters + lanes - 1) / lanes;
  groups_.assign(group_count * dimensions * lanes, infinity);
  for (std::size_t c = 0; c < clusters; ++c)
    for (std::size_t d = 0; d < dimensions; ++d)
      groups_[((c / lanes) * dimensions + d) * lanes + c % lanes] = static_cast<double>(centroids[c * dimensions + d]);
}

ClusterIndex CentroidSearch::nearest(std::span<const std::int64_t> point) const {
  if (!in_doubles_) return nearest_centroid(point, centroids_);
  constexpr std::size_t most_unrolled = 16;
  double coordinates[most_unrolled] = {};
  std::vector<double> many;  // a point of more coordinates than that (rare)
  double* at = coordinates;
  if (dimensions_ > most_unrolled) {
    many.resize(dimensions_);
    at = many.data();
  }
  for (std::size_t d = 0; d < dimensions_; ++d) at[d] = static_cast<double>(point[d]);
  return nearest_best(at, dimensions_, groups_.data(), groups_.size() / (dimensions_ * lanes));
}

}  // namespace pgasmr::apps::kmeans
