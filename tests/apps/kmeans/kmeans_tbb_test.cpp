// The oneTBB baseline of kmeans gives the sequential baseline's result at every thread count.

#include <gtest/gtest.h>

#include "kmeans/baselines.hpp"
#include "kmeans/tbb_baseline.hpp"
#include "point_tables.hpp"

namespace km = pgasmr::apps::kmeans;
namespace kt = pgasmr::apps::kmeans::test;

TEST(KmeansTbb, HandComputedCases) {
  for (const auto& hand : kt::hand_cases()) {
    SCOPED_TRACE(hand.name);
    for (std::size_t threads : {1u, 2u, 3u, 8u}) EXPECT_EQ(km::kmeans_tbb(hand.input, threads), hand.expected);
  }
}

TEST(KmeansTbb, MatchesSequentialOnACloud) {
  for (std::uint64_t max_rounds : {1000u, 3u}) {
    const auto input = kt::input_of(kt::uniform_cloud(3000, 3), 7, max_rounds);
    const auto expected = km::kmeans_sequential(input);
    for (std::size_t threads : {1u, 2u, 3u, 8u}) EXPECT_EQ(km::kmeans_tbb(input, threads), expected);
  }
}
