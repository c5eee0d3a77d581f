// --show-balance's figures: each thread's summed weights under the engine's distributions.

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "common/balance.hpp"

namespace apps = pgasmr::apps;
namespace mr = pgasmr::mr;

TEST(Balance, AssignedWeightsFollowTheDistributions) {
  const std::vector<std::uint64_t> weights = {100, 1, 1, 1, 1, 100};
  // block: {100, 1, 1} {1, 1, 100}; cyclic: {100, 1, 1} {1, 1, 100} too; balanced: greedy.
  EXPECT_EQ(apps::assigned_weights(mr::DistributionKind::block, weights, 2), (std::vector<std::uint64_t>{102, 102}));
  EXPECT_EQ(apps::assigned_weights(mr::DistributionKind::block, weights, 3), (std::vector<std::uint64_t>{101, 2, 101}));
  EXPECT_EQ(apps::assigned_weights(mr::DistributionKind::cyclic, weights, 3), (std::vector<std::uint64_t>{101, 2, 101}));
  EXPECT_EQ(apps::assigned_weights(mr::DistributionKind::cyclic, weights, 4), (std::vector<std::uint64_t>{101, 101, 1, 1}));
  EXPECT_EQ(apps::assigned_weights(mr::DistributionKind::balanced, weights, 3), (std::vector<std::uint64_t>{100, 102, 2}));
  EXPECT_TRUE(apps::assigned_weights(mr::DistributionKind::dynamic, weights, 3).empty());
  EXPECT_EQ(apps::assigned_weights(mr::DistributionKind::block, {}, 2), (std::vector<std::uint64_t>{0, 0}));
}

TEST(Balance, PrintsTheChosenDistributionThenBlockAndCyclic) {
  const std::vector<std::uint64_t> weights = {100, 1, 1, 1, 1, 100};
  char* text = nullptr;
  std::size_t size = 0;
  std::FILE* out = ::open_memstream(&text, &size);
  apps::print_balance(out, mr::DistributionKind::best_fit, weights, 3);
  std::fclose(out);
  const std::string printed(text, size);
  std::free(text);
  // best_fit's threshold is one average element (34): block's max diff 99 is too much, and so
  // is cyclic's, so it chooses balanced (greedy in input order, which does no better here).
  EXPECT_EQ(printed,
            "  balance (bytes per thread, 6 elements):\n"
            "    best_fit -> balanced   100 102 2   max diff 100\n"
            "    block                  101 2 101   max diff 99\n"
            "    cyclic                 101 2 101   max diff 99\n");
}
