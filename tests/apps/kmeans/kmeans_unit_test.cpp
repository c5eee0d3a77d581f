// The parts of kmeans: the shared steps, the checks at load, the engine's memo, the sequential and
// Phoenix-like baselines on the hand-computed cases, the output and the differences.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>

#include "common/options.hpp"
#include "common/stopwatch.hpp"
#include "kmeans/assignment_memo.hpp"
#include "kmeans/baselines.hpp"
#include "point_tables.hpp"

namespace km = pgasmr::apps::kmeans;
namespace kt = pgasmr::apps::kmeans::test;

namespace {

__extension__ typedef __int128 Wide;  // products beyond 64 bits

/// The message of the exception `make` throws, or "" when it throws none.
template <class Error, class Make>
std::string error_of(Make&& make) {
  try {
    make();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(KmeansSteps, NearestCentroidBreaksTiesToTheLowerIndex) {
  const std::vector<std::int64_t> centroids = {0, 0, 4, 0, 2, 2};
  EXPECT_EQ(km::nearest_centroid(std::vector<std::int64_t>{2, 0}, centroids), 0u);  // 4, 4, 4
  EXPECT_EQ(km::nearest_centroid(std::vector<std::int64_t>{3, 0}, centroids), 1u);  // 9, 1, 5
  EXPECT_EQ(km::nearest_centroid(std::vector<std::int64_t>{3, 2}, centroids), 2u);  // 13, 5, 1
  EXPECT_EQ(km::nearest_centroid(std::vector<std::int64_t>{4, 2}, centroids), 1u);  // 20, 4, 4
}

TEST(KmeansSteps, CentroidsMoveToTheTruncatedMeanAndEmptyOnesStay) {
  std::vector<std::int64_t> sums(km::sums_size(3, 2));
  for (auto point : {std::vector<std::int64_t>{-1, 7}, {-1, 0}, {1, 0}}) km::add_to_sums(point, 0, sums);
  km::add_to_sums(std::vector<std::int64_t>{-9, 9}, 2, sums);
  EXPECT_EQ(sums, (std::vector<std::int64_t>{-1, 7, 3, 0, 0, 0, -9, 9, 1}));
  std::vector<std::int64_t> centroids = {100, 100, 5, -5, 100, 100};
  km::move_centroids(sums, 2, centroids);
  EXPECT_EQ(centroids, (std::vector<std::int64_t>{0, 2, 5, -5, -9, 9}));  // -1/3 -> 0, 7/3 -> 2
}

TEST(KmeansInput, RefusesBadClusterAndRoundCounts) {
  EXPECT_EQ(error_of<pgasmr::apps::usage_error>([] { kt::input_of(kt::table_of({{1}, {2}}), 0); }),
            "--clusters must be at least 1");
  EXPECT_EQ(error_of<pgasmr::apps::usage_error>([] { kt::input_of(kt::table_of({{1}, {2}}), 1, 0); }),
            "--max-rounds must be at least 1");
  EXPECT_EQ(error_of<pgasmr::datasets::input_error>([] { kt::input_of(kt::table_of({{1}, {2}, {3}}), 4); }),
            "'test.csv' has 3 point(s), fewer than --clusters 4");
  EXPECT_NO_THROW(kt::input_of(kt::table_of({{1}, {2}, {3}}), 3));
}

TEST(KmeansInput, CoordinateBoundKeepsDistancesAndSumsIn64Bits) {
  EXPECT_EQ(km::coordinate_bound(2, 3), 1073741823);  // isqrt((2^63 - 1) / 8)
  EXPECT_EQ(km::coordinate_bound(1, 3), 1518500249);  // isqrt((2^63 - 1) / 4)
  EXPECT_EQ(km::coordinate_bound(1, std::size_t{1} << 40), std::numeric_limits<std::int64_t>::max() >> 40);
  for (std::size_t dimensions : {1u, 2u, 3u, 7u, 1000u}) {
    auto bound = static_cast<Wide>(km::coordinate_bound(dimensions, 10));
    EXPECT_LE(static_cast<Wide>(dimensions) * (2 * bound) * (2 * bound), std::numeric_limits<std::int64_t>::max());
    EXPECT_GT(static_cast<Wide>(dimensions) * (2 * bound + 2) * (2 * bound + 2), std::numeric_limits<std::int64_t>::max());
  }
}

TEST(KmeansInput, RefusesCoordinatesBeyondTheBoundNamingTheLine) {
  const std::int64_t bound = km::coordinate_bound(2, 3);
  EXPECT_NO_THROW(kt::input_of(kt::table_of({{0, 0}, {bound, -bound}, {1, 1}}), 2));
  EXPECT_EQ(error_of<pgasmr::datasets::input_error>([&] { kt::input_of(kt::table_of({{0, 0}, {1, 1}, {5, -bound - 1}}), 2); }),
            "'test.csv' line 3: coordinate -1073741824 is too large: with 2 dimension(s) and 3 point(s), coordinates "
            "must lie within +-1073741823 for squared distances and sums to fit in 64 bits");
  const auto lowest = std::numeric_limits<std::int64_t>::min();
  EXPECT_NE(error_of<pgasmr::datasets::input_error>([&] { kt::input_of(kt::table_of({{lowest}, {0}}), 1); }).find("line 1"),
            std::string::npos);
}

TEST(KmeansInput, CoordinatesAtTheBoundRunWithoutOverflow) {
  // The first two centroids are as far apart as the bound allows (UBSan checks the arithmetic).
  // (b,-b) and (-b,b) tie at 4b^2 and join cluster 0: (b + b - b) / 3 in both coordinates.
  const std::int64_t b = km::coordinate_bound(2, 4);
  const auto input = kt::input_of(kt::table_of({{b, b}, {-b, -b}, {b, -b}, {-b, b}}), 2);
  EXPECT_EQ(km::kmeans_sequential(input), (km::Clustering{2, 2, {b / 3, b / 3, -b, -b}}));
}

TEST(KmeansInput, BlocksCoverEveryPointOnce) {
  for (std::size_t n : {1u, 7u, 128u, 1000u, 70000u}) {
    auto input = kt::input_of(kt::uniform_cloud(n, 1), 1, 1, 3);
    std::size_t covered = 0;
    for (std::size_t b = 0; b < input.blocks(); ++b) {
      EXPECT_EQ(input.block_begin(b), covered);
      EXPECT_GE(input.block_size(b), 1u);
      covered += input.block_size(b);
    }
    EXPECT_EQ(covered, n);
  }
}

TEST(AssignmentMemo, KnowsOnlyLastRoundsClustersOfItsOwnBlocks) {
  km::AssignmentMemo memo(3);
  auto first = memo.take(1, 1, 2);
  EXPECT_FALSE(first.holds_previous_round);
  first.clusters[0] = 4;
  first.clusters[1] = 5;
  auto second = memo.take(1, 2, 2);
  ASSERT_TRUE(second.holds_previous_round);
  EXPECT_EQ(second.clusters[1], 5u);
  EXPECT_FALSE(memo.take(0, 2, 2).holds_previous_round);  // never mapped here before
  memo.forget_before(4);                                    // block 1 was last written in round 2
  EXPECT_FALSE(memo.take(1, 4, 2).holds_previous_round);
  EXPECT_FALSE(memo.take(2, 3, 1).holds_previous_round);
  EXPECT_FALSE(memo.take(2, 5, 1).holds_previous_round);  // skipped round 4
}

TEST(KmeansBaselines, HandComputedCases) {
  for (const auto& hand : kt::hand_cases()) {
    SCOPED_TRACE(hand.name);
    EXPECT_EQ(km::kmeans_sequential(hand.input), hand.expected);
    for (std::size_t threads : {1u, 2u, 3u, 8u}) EXPECT_EQ(km::kmeans_phoenix_like(hand.input, threads), hand.expected);
  }
}

TEST(KmeansBaselines, PhoenixLikeMatchesSequentialOnACloud) {
  for (std::uint64_t max_rounds : {1000u, 3u}) {
    const auto input = kt::input_of(kt::uniform_cloud(3000, 3), 7, max_rounds);
    const auto expected = km::kmeans_sequential(input);
    // It converges after more rounds than 3, so that the limit stops it.
    EXPECT_EQ(expected.rounds > 3, max_rounds > 3) << expected.rounds << " rounds";
    EXPECT_LE(expected.rounds, max_rounds);
    for (std::size_t threads : {1u, 2u, 3u, 8u}) EXPECT_EQ(km::kmeans_phoenix_like(input, threads), expected);
  }
}

TEST(KmeansBaselines, PhoenixLikeInIntAndInSixtyFourBits) {
  // Phoenix++'s int holds a squared difference up to 46340^2: one coordinate of magnitude 23170
  // keeps the Phoenix-like baseline in ints, 23171 takes it to 64 bits, and so do large clouds.
  for (std::int64_t largest : {23170, 23171}) {
    auto table = kt::uniform_cloud(2000, 1);
    for (auto& value : table.values) value *= 46;
    table.values[5] = largest;
    table.values[9] = -largest;
    const auto input = kt::input_of(std::move(table), 5);
    for (std::size_t threads : {1u, 3u}) EXPECT_EQ(km::kmeans_phoenix_like(input, threads), km::kmeans_sequential(input));
  }
  auto wide = kt::uniform_cloud(2000, 3);
  for (auto& value : wide.values) value *= 1000003;
  const auto input = kt::input_of(std::move(wide), 6);
  for (std::size_t threads : {1u, 3u}) EXPECT_EQ(km::kmeans_phoenix_like(input, threads), km::kmeans_sequential(input));
}

TEST(KmeansOutput, FormatAndDifferences) {
  const km::Clustering a{3, 2, {1, 0, -11, 5}};
  EXPECT_EQ(km::format_clustering(a), "rounds\t3\n1,0\n-11,5\n");
  EXPECT_EQ(km::describe_difference(a, a), "");
  EXPECT_EQ(km::describe_difference(a, {4, 2, {1, 0, -11, 6}}), "4 rounds instead of 3; centroid 1: -11,6 instead of -11,5");
  EXPECT_EQ(km::describe_difference(a, {3, 1, {1, 0, 4, 5}}), "4 centroid(s) of 1 coordinate(s) instead of 2 of 2");
  EXPECT_NE(km::summarize_clustering(a, 1).find("2 centroid(s) in 2 dimension(s) after 3 round(s); the first 1:\n  0: 1,0\n"),
            std::string::npos);
}

TEST(PhaseTimer, RepeatedPhasesAddUpInFirstRunOrder) {
  pgasmr::apps::PhaseTimer timer;
  for (int round = 0; round < 3; ++round) {
    timer.lap("map");
    timer.lap("reduce");
  }
  timer.lap("output");
  std::vector<std::string> names;
  for (const auto& phase : timer.phases()) names.push_back(phase.name);
  EXPECT_EQ(names, (std::vector<std::string>{"map", "reduce", "output"}));
}
