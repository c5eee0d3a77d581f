// The NUMA level of the in-process tree: which copies of a broadcast go through a NUMA-local
// copy. A pure function, so it is tested here on any machine, multi-NUMA or not.

#include <gtest/gtest.h>

#include <vector>

#include "numa_relay.hpp"

using pgasmr::coll::detail::LocalRead;
using pgasmr::coll::detail::numa_relays;

TEST(NumaRelay, one_node_needs_no_relay) {
  std::vector<LocalRead> reads{{0, 0, 1, 0}, {0, 0, 2, 0}, {0, 0, 3, 0}};
  EXPECT_EQ(numa_relays(reads), (std::vector<long>{-1, -1, -1}));
}

TEST(NumaRelay, each_remote_node_reads_the_source_once) {
  // Source on node 0; threads 1 (node 0), 4, 2, 6 (node 1), 3, 5 (node 2).
  std::vector<LocalRead> reads{{0, 0, 1, 0}, {0, 0, 4, 1}, {0, 0, 2, 1}, {0, 0, 6, 1}, {0, 0, 5, 2}, {0, 0, 3, 2}};
  // Node 1's leader is thread 2 (read 2), node 2's is thread 3 (read 5).
  EXPECT_EQ(numa_relays(reads), (std::vector<long>{-1, 2, -1, 2, 5, -1}));
}

TEST(NumaRelay, sources_are_relayed_separately) {
  std::vector<LocalRead> reads{{0, 0, 2, 1}, {0, 0, 3, 1}, {1, 1, 0, 0}, {1, 1, 1, 0}, {1, 1, 3, 1}};
  EXPECT_EQ(numa_relays(reads), (std::vector<long>{-1, 0, -1, 2, -1}));
}

TEST(NumaRelay, unknown_placement_is_never_relayed) {
  std::vector<LocalRead> reads{{0, -1, 1, 1}, {0, -1, 2, 1}, {0, 0, 3, -1}, {0, 0, 4, -1}};
  EXPECT_EQ(numa_relays(reads), (std::vector<long>{-1, -1, -1, -1}));
}
