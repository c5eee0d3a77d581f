// The vectorized nearest-centroid search: taken only where double arithmetic is exact (the 2^53
// bound, at its edge), and then the same index as the 64-bit search for every point, ties
// included (small coordinate ranges make many), for any count of centroids (groups of 4 and a
// remainder) and of coordinates (unrolled 1-4, the general loop, more than 16), a point at a
// time or many together.

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "kmeans/centroid_search.hpp"
#include "kmeans/clustering.hpp"

namespace km = pgasmr::apps::kmeans;

namespace {

std::vector<std::int64_t> random_values(std::size_t count, std::int64_t spread, unsigned seed) {
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<std::int64_t> value(-spread, spread);
  std::vector<std::int64_t> values(count);
  for (auto& v : values) v = value(random);
  return values;
}

/// Every point's nearest centroid by both searches, one point at a time and all of them at
/// once (`count` points: several at a time, the rest one by one, in stretches of the buffer).
void expect_same_as_64_bit_search(std::size_t dimensions, std::size_t clusters, std::int64_t spread, unsigned seed,
                                  std::size_t count = 200) {
  const auto centroids = random_values(clusters * dimensions, spread, seed);
  const auto points = random_values(count * dimensions, spread, seed + 1);
  const km::CentroidSearch search(centroids, dimensions, true);
  std::vector<km::ClusterIndex> together(count);
  search.nearest(points, together);
  for (std::size_t i = 0; i < count; ++i) {
    const auto point = std::span(points).subspan(i * dimensions, dimensions);
    const auto expected = km::nearest_centroid(point, centroids);
    ASSERT_EQ(search.nearest(point), expected)
        << "point " << i << ", " << dimensions << " dimension(s), " << clusters << " centroid(s), spread " << spread;
    ASSERT_EQ(together[i], expected) << "searched together: point " << i << " of " << count << ", " << dimensions
                                     << " dimension(s), " << clusters << " centroid(s), spread " << spread;
  }
}

}  // namespace

TEST(CentroidSearch, TakenOnlyWithinTwoToThe53) {
  // D (2M)^2 <= 2^53: M = 2^25 gives (2M)^2 = 2^52, so D = 2 is the edge.
  EXPECT_TRUE(km::exact_in_doubles(2, std::uint64_t{1} << 25));
  EXPECT_FALSE(km::exact_in_doubles(3, std::uint64_t{1} << 25));
  EXPECT_FALSE(km::exact_in_doubles(1, (std::uint64_t{1} << 26) + 1));  // (2M)^2 > 2^54
  EXPECT_FALSE(km::exact_in_doubles(1, std::uint64_t{1} << 26));  // (2M)^2 = 2^54 > 2^53
  EXPECT_TRUE(km::exact_in_doubles(1000, 1000));
  EXPECT_TRUE(km::exact_in_doubles(7, 0));  // every distance 0
  EXPECT_FALSE(km::exact_in_doubles(1, std::uint64_t{1} << 62));
}

TEST(CentroidSearch, SameIndexAsThe64BitSearchTiesIncluded) {
  unsigned seed = 1;
  for (std::size_t dimensions : {1u, 2u, 3u, 4u, 5u, 9u, 17u})
    for (std::size_t clusters : {1u, 3u, 4u, 5u, 8u, 13u, 100u})
      for (std::int64_t spread : {1, 2, 1000}) expect_same_as_64_bit_search(dimensions, clusters, spread, seed++);
}

TEST(CentroidSearch, PointsSearchedTogetherAsOneByOne) {
  // Counts around the four points searched side by side, and around the stretches converted at
  // a time (512 values: 170 points of 3 coordinates), and points longer than a stretch.
  unsigned seed = 1000;
  for (std::size_t count : {0u, 1u, 2u, 3u, 4u, 5u, 7u, 169u, 170u, 171u, 341u, 1000u})
    expect_same_as_64_bit_search(3, 16, 50, seed++, count);
  for (std::size_t count : {1u, 5u}) expect_same_as_64_bit_search(600, 9, 3, seed++, count);
  // Outside the bound the 64-bit search answers for every point of a batch too.
  const std::vector<std::int64_t> centroids = {5, 5, -5, -5, 0, 1};
  const std::vector<std::int64_t> points = {4, 4, -4, -6, 0, 0, 1, 1, 0, 2};
  std::vector<km::ClusterIndex> together(5);
  km::CentroidSearch(centroids, 2, false).nearest(points, together);
  EXPECT_EQ(together, (std::vector<km::ClusterIndex>{0, 1, 2, 2, 2}));
}

TEST(CentroidSearch, ExactAtTheBound) {
  // D = 2 and M = 2^25: distances up to 2^53, and differences of 1 between them must still tell.
  const std::int64_t m = std::int64_t{1} << 25;
  ASSERT_TRUE(km::exact_in_doubles(2, static_cast<std::uint64_t>(m)));
  const std::vector<std::int64_t> centroids = {-m, -m, m, m, m, m - 1, -m, m};
  for (const std::vector<std::int64_t>& point :
       {std::vector<std::int64_t>{m, -m}, {-m, m}, {m, m - 1}, {0, 0}, {m - 1, m}, {-m, -m + 1}}) {
    const km::CentroidSearch search(centroids, 2, true);
    EXPECT_EQ(search.nearest(point), km::nearest_centroid(point, centroids)) << point[0] << "," << point[1];
  }
}

TEST(CentroidSearch, OutsideTheBoundTakesThe64BitSearch) {
  // Distances 2n^2 + 2 and 2n^2 with n = 2^27: one double (they round alike) but two integers.
  // Doubles would call it a tie and take centroid 0; centroid 1 is nearer. (Within what kmeans
  // accepts in two dimensions: coordinate_bound, about 1.07e9.)
  const std::int64_t n = std::int64_t{1} << 27;
  const std::vector<std::int64_t> centroids = {n + 1, n - 1, n, n};
  ASSERT_FALSE(km::exact_in_doubles(2, static_cast<std::uint64_t>(n + 1)));
  const km::CentroidSearch search(centroids, 2, false);
  EXPECT_EQ(search.nearest(std::vector<std::int64_t>{0, 0}), 1u);
  EXPECT_EQ(km::CentroidSearch(centroids, 2, true).nearest(std::vector<std::int64_t>{0, 0}), 0u)
      << "doubles no longer round these distances alike: the case does not tell the searches apart";
}
