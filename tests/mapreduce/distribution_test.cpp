// The distributions as pure functions: the thesis's Fig. 4.1, BLOCK's remainder, BEST_FIT's
// strict threshold and tie rule, and bad arguments.

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include <pgasmr/mapreduce/distribution.hpp>

namespace mr = pgasmr::mr;

namespace {

// Seed 000, Fig. 4.1: nine elements on three threads.
const std::vector<std::uint64_t> fig41_weights{2, 9, 3, 1, 8, 7, 9, 8, 8};

std::vector<std::uint64_t> with_threshold(std::uint64_t threshold, const std::vector<std::uint64_t>& weights) {
  std::vector<std::uint64_t> all{threshold};
  all.insert(all.end(), weights.begin(), weights.end());
  return all;
}

/// Loads measured with Fig. 4.1's weights whatever the distribution's own weights.
std::vector<std::uint64_t> fig41_loads(const std::vector<int>& owner) {
  std::vector<std::uint64_t> load(3, 0);
  for (std::size_t i = 0; i < owner.size(); ++i) load[static_cast<std::size_t>(owner[i])] += fig41_weights[i];
  return load;
}

TEST(Distribution, Fig41Assignments) {
  // The figure's columns, element by element.
  EXPECT_EQ(mr::owners(mr::block(), 9, 3), (std::vector<int>{0, 0, 0, 1, 1, 1, 2, 2, 2}));
  EXPECT_EQ(mr::owners(mr::cyclic(), 9, 3), (std::vector<int>{0, 1, 2, 0, 1, 2, 0, 1, 2}));
  // TH0 {2, 1, 8, 8}, TH1 {9, 9}, TH2 {3, 7, 8}.
  EXPECT_EQ(mr::owners(mr::balanced(fig41_weights), 9, 3), (std::vector<int>{0, 1, 2, 0, 0, 2, 1, 2, 0}));
}

TEST(Distribution, Fig41MaxDifferences) {
  EXPECT_EQ(fig41_loads(mr::owners(mr::block(), 9, 3)), (std::vector<std::uint64_t>{14, 16, 25}));
  EXPECT_EQ(fig41_loads(mr::owners(mr::cyclic(), 9, 3)), (std::vector<std::uint64_t>{12, 25, 18}));
  EXPECT_EQ(mr::loads(mr::balanced(fig41_weights), 9, 3), (std::vector<std::uint64_t>{19, 18, 18}));
  EXPECT_EQ(mr::max_difference(mr::balanced(fig41_weights), 9, 3), 1u);
  // best_fit measures block and cyclic with its own weights: 11 and 13, as the figure says.
  auto never_passes = with_threshold(0, fig41_weights);
  EXPECT_EQ(mr::max_difference(mr::best_fit(never_passes), 9, 3), 1u);
  EXPECT_EQ(mr::resolve_best_fit(with_threshold(12, fig41_weights), 9, 3), mr::DistributionKind::block);  // 11 < 12
  EXPECT_EQ(mr::resolve_best_fit(with_threshold(11, fig41_weights), 9, 3), mr::DistributionKind::balanced);  // 11, 13 >= 11
}

TEST(Distribution, Fig41BestFitSelectsBalanced) {
  // "for this input set the BEST_FIT algorithm would select the BALANCED distribution"
  auto weights = with_threshold(5, fig41_weights);
  EXPECT_EQ(mr::resolve_best_fit(weights, 9, 3), mr::DistributionKind::balanced);
  EXPECT_EQ(mr::owners(mr::best_fit(weights), 9, 3), mr::owners(mr::balanced(fig41_weights), 9, 3));
}

TEST(Distribution, BestFitThresholdIsStrictAndBlockWinsTies) {
  // Weights where cyclic is perfect (difference 0) and block is off by 4.
  std::vector<std::uint64_t> weights{1, 1, 3, 3};  // block on 2: {1, 1} {3, 3} -> 2 vs 6; cyclic: {1, 3} {1, 3}
  EXPECT_EQ(mr::max_difference(mr::block(), 4, 2), 0u);  // unweighted block is even
  EXPECT_EQ(mr::resolve_best_fit(with_threshold(4, weights), 4, 2), mr::DistributionKind::cyclic);  // 4 is not below 4
  EXPECT_EQ(mr::resolve_best_fit(with_threshold(5, weights), 4, 2), mr::DistributionKind::block);   // both pass: block
  EXPECT_EQ(mr::resolve_best_fit(with_threshold(1, weights), 4, 2), mr::DistributionKind::cyclic);  // 0 < 1
  EXPECT_EQ(mr::resolve_best_fit(with_threshold(0, weights), 4, 2), mr::DistributionKind::balanced);
}

TEST(Distribution, BlockSpreadsTheRemainderOverTheFirstThreads) {
  // 10 elements on 4 threads: 3, 3, 2, 2.
  std::vector<mr::ElementRange> expected{{0, 3}, {3, 6}, {6, 8}, {8, 10}};
  for (int t = 0; t < 4; ++t) EXPECT_EQ(mr::block_range(10, 4, t), expected[static_cast<std::size_t>(t)]);
  EXPECT_EQ(mr::owners(mr::block(), 10, 4), (std::vector<int>{0, 0, 0, 1, 1, 1, 2, 2, 3, 3}));
  // Fewer elements than threads: the last threads get nothing.
  EXPECT_EQ(mr::block_range(2, 4, 3).size(), 0u);
  EXPECT_EQ(mr::owners(mr::block(), 2, 4), (std::vector<int>{0, 1}));
  EXPECT_TRUE(mr::owners(mr::block(), 0, 4).empty());
}

TEST(Distribution, CyclicIsModuloThreads) {
  auto owner = mr::owners(mr::cyclic(), 11, 4);
  for (std::size_t i = 0; i < owner.size(); ++i) EXPECT_EQ(owner[i], static_cast<int>(i % 4));
}

TEST(Distribution, BalancedBreaksTiesTowardsTheLowestThread) {
  std::vector<std::uint64_t> equal(6, 5);
  EXPECT_EQ(mr::owners(mr::balanced(equal), 6, 3), (std::vector<int>{0, 1, 2, 0, 1, 2}));
}

TEST(Distribution, RefusesBadArguments) {
  EXPECT_THROW(mr::owners(mr::balanced(fig41_weights), 8, 3), std::invalid_argument);
  EXPECT_THROW(mr::owners(mr::best_fit(fig41_weights), 9, 3), std::invalid_argument);  // no threshold
  EXPECT_THROW(mr::owners(mr::block(), 9, 0), std::invalid_argument);
  EXPECT_THROW(mr::owners(mr::dynamic(), 9, 3), std::invalid_argument);
  // Loads beyond 64 bits wrapped: three of four 2^63 weights went to one thread.
  const std::vector<std::uint64_t> huge{std::uint64_t{1} << 63, std::uint64_t{1} << 63, std::uint64_t{1} << 63, 5};
  EXPECT_THROW(mr::owners(mr::balanced(huge), 4, 2), std::invalid_argument);
  const std::vector<std::uint64_t> huge_best_fit{10, std::uint64_t{1} << 63, std::uint64_t{1} << 63, 1};
  EXPECT_THROW(mr::owners(mr::best_fit(huge_best_fit), 3, 2), std::invalid_argument);
  try {
    mr::validate(mr::balanced(fig41_weights), 10, 3);
    ADD_FAILURE() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("weights has 9 entries; it needs 10"), std::string::npos) << e.what();
  }
}

TEST(Distribution, NamesRoundTrip) {
  for (auto kind : {mr::DistributionKind::block, mr::DistributionKind::cyclic, mr::DistributionKind::balanced,
                    mr::DistributionKind::best_fit, mr::DistributionKind::dynamic})
    EXPECT_EQ(mr::parse_distribution_kind(mr::to_string(kind)), kind);
  EXPECT_EQ(mr::parse_distribution_kind("Block"), std::nullopt);
}

}  // namespace
