#include "kmeans/centroid_search.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <vector>

#include "common/avx2_kernels.hpp"

namespace pgasmr::apps::kmeans {
namespace {

/// Four doubles: GCC's vector extension, one AVX register or two SSE2 registers.
using Lanes = double __attribute__((vector_size(32)));
static_assert(sizeof(Lanes) / sizeof(double) == CentroidSearch::lanes);

constexpr double infinity = std::numeric_limits<double>::infinity();

/// `x` as a double, for |x| < 2^51 (exact_in_doubles allows 2^26): x added to the bits of 1.5 x
/// 2^52 are the bits of 1.5 x 2^52 + x. An integer add and a subtract, which the compiler
/// vectorizes, where a conversion of 64-bit integers takes one instruction per value before AVX-512.
inline double exactly_as_double(std::int64_t x) noexcept {
  constexpr double shift = 0x1.8p52;
  return std::bit_cast<double>(x + std::bit_cast<std::int64_t>(shift)) - shift;
}

/// Sets every lane of `x` to the least of its lanes. (In place: no Lanes passed or returned by
/// value, whose ABI differs by target.)
[[gnu::always_inline]] inline void spread_least(Lanes& x) noexcept {
  Lanes swapped = __builtin_shufflevector(x, x, 2, 3, 0, 1);
  x = swapped < x ? swapped : x;
  swapped = __builtin_shufflevector(x, x, 1, 0, 3, 2);
  x = swapped < x ? swapped : x;
}

/// Per lane, the nearest centroid so far to one point and its index, replaced only by a
/// strictly nearer one: on a tie the lower group stays.
struct Nearest {
  Lanes distance = {infinity, infinity, infinity, infinity};
  Lanes index = {};

  [[gnu::always_inline]] void offer(Lanes candidate, Lanes candidate_index) noexcept {
    const auto nearer = candidate < distance;
    distance = nearer ? candidate : distance;
    index = nearer ? candidate_index : index;
  }

  /// The nearest over the lanes: the least distance, the lowest index among equals. Without
  /// branches, since which lane wins is as unpredictable as the points. (Centroid 0, group 0
  /// lane 0, gives a finite distance; padding's lanes stay at infinity.)
  [[gnu::always_inline]] ClusterIndex pick() const noexcept {
    Lanes least = distance;
    spread_least(least);
    Lanes tied = distance == least ? index : Lanes{} + infinity;
    spread_least(tied);
    return static_cast<ClusterIndex>(tied[0]);
  }
};

/// The nearest of the centroids in `groups` (as CentroidSearch lays them out) to each of
/// `Points` points (their coordinates as doubles, one point after another; Dimensions when known
/// at compile time, else 0 and `d_count`). The points are searched side by side: each one's
/// search is a chain of dependent compares, and several chains keep the vector units busy.
template <std::size_t Dimensions, std::size_t Points>
[[gnu::always_inline]] inline void nearest_of_points(const double* points, std::size_t d_count, const double* groups,
                                                     std::size_t group_count, ClusterIndex* nearest) noexcept {
  constexpr auto lanes = CentroidSearch::lanes;
  const std::size_t dimensions = Dimensions != 0 ? Dimensions : d_count;
  Nearest so_far[Points];
  Lanes index = {0, 1, 2, 3};  // of the group's centroids
  for (std::size_t g = 0; g < group_count; ++g, index += static_cast<double>(lanes)) {
    const double* centroids = groups + g * dimensions * lanes;
    for (std::size_t p = 0; p < Points; ++p) {
      Lanes candidate = {};  // the squared distances
      for (std::size_t d = 0; d < dimensions; ++d) {
        Lanes coordinate;  // (memcpy: an unaligned load)
        std::memcpy(&coordinate, centroids + d * lanes, sizeof coordinate);
        const Lanes difference = points[p * dimensions + d] - coordinate;
        candidate += difference * difference;
      }
      so_far[p].offer(candidate, index);
    }
  }
  for (std::size_t p = 0; p < Points; ++p) nearest[p] = so_far[p].pick();
}

/// nearest_of_points for `count` points, four at a time.
template <std::size_t Dimensions>
[[gnu::always_inline]] inline void nearest_of_all(const double* points, std::size_t count, std::size_t d_count,
                                                  const double* groups, std::size_t group_count,
                                                  ClusterIndex* nearest) noexcept {
  constexpr std::size_t side_by_side = 4;
  const std::size_t dimensions = Dimensions != 0 ? Dimensions : d_count;
  std::size_t i = 0;
  for (; i + side_by_side <= count; i += side_by_side)
    nearest_of_points<Dimensions, side_by_side>(points + i * dimensions, d_count, groups, group_count, nearest + i);
  for (; i < count; ++i) nearest_of_points<Dimensions, 1>(points + i * dimensions, d_count, groups, group_count, nearest + i);
}

[[gnu::always_inline]] inline void nearest_any_dimensions(const double* points, std::size_t count,
                                                          std::size_t dimensions, const double* groups,
                                                          std::size_t group_count, ClusterIndex* nearest) noexcept {
  switch (dimensions) {  // the common few unrolled, the points' coordinates kept in registers
    case 1: return nearest_of_all<1>(points, count, dimensions, groups, group_count, nearest);
    case 2: return nearest_of_all<2>(points, count, dimensions, groups, group_count, nearest);
    case 3: return nearest_of_all<3>(points, count, dimensions, groups, group_count, nearest);
    case 4: return nearest_of_all<4>(points, count, dimensions, groups, group_count, nearest);
    default: return nearest_of_all<0>(points, count, dimensions, groups, group_count, nearest);
  }
}

#if PGASMR_AVX2_KERNELS
/// The same loops in AVX2 instructions: one register per group instead of two. Exactness does
/// not depend on the choice.
PGASMR_AVX2_TARGET void nearest_avx2(const double* points, std::size_t count, std::size_t dimensions,
                                     const double* groups, std::size_t group_count, ClusterIndex* nearest) noexcept {
  nearest_any_dimensions(points, count, dimensions, groups, group_count, nearest);
}
#endif

void nearest_best(const double* points, std::size_t count, std::size_t dimensions, const double* groups,
                  std::size_t group_count, ClusterIndex* nearest) noexcept {
#if PGASMR_AVX2_KERNELS
  if (cpu_has_avx2()) return nearest_avx2(points, count, dimensions, groups, group_count, nearest);
#endif
  nearest_any_dimensions(points, count, dimensions, groups, group_count, nearest);
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
  group_count_ = group_count;
  groups_.assign(group_count * dimensions * lanes, infinity);
  for (std::size_t c = 0; c < clusters; ++c)
    for (std::size_t d = 0; d < dimensions; ++d)
      groups_[((c / lanes) * dimensions + d) * lanes + c % lanes] = static_cast<double>(centroids[c * dimensions + d]);
}

ClusterIndex CentroidSearch::nearest(std::span<const std::int64_t> point) const {
  ClusterIndex cluster = 0;
  nearest(point, std::span(&cluster, 1));
  return cluster;
}

void CentroidSearch::nearest(std::span<const std::int64_t> points, std::span<ClusterIndex> clusters) const {
  if (!in_doubles_) {
    for (std::size_t i = 0; i < clusters.size(); ++i)
      clusters[i] = nearest_centroid(points.subspan(i * dimensions_, dimensions_), centroids_);
    return;
  }
  // Converted a stretch at a time, into a buffer that stays in the first-level cache.
  constexpr std::size_t stretch_values = 512;
  std::array<double, stretch_values> stretch;
  std::vector<double> one_point;  // a point of more coordinates than the buffer holds (rare)
  const std::size_t stretch_points = std::max<std::size_t>(stretch_values / dimensions_, 1);
  if (stretch_values < dimensions_) one_point.resize(dimensions_);
  double* converted = one_point.empty() ? stretch.data() : one_point.data();
  for (std::size_t first = 0; first < clusters.size(); first += stretch_points) {
    const std::size_t count = std::min(stretch_points, clusters.size() - first);
    const auto values = points.subspan(first * dimensions_, count * dimensions_);
    std::ranges::transform(values, converted, exactly_as_double);
    nearest_best(converted, count, dimensions_, groups_.data(), group_count_, clusters.data() + first);
  }
}

}  // namespace pgasmr::apps::kmeans
