// Who moves which bytes on the single-copy path between processes: each split copy is cut where
// it evens out its two owners' time, both owners cut it at the same place, and a copy that may
// not be split falls whole to its destination's owner. A pure function, tested here without
// processes.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "copy_shares.hpp"

namespace {

using pgasmr::coll::detail::Copy;
using pgasmr::coll::detail::Side;
using pgasmr::coll::detail::source_shares;

constexpr std::size_t n = std::size_t{1} << 20;

/// A copy between private buffers of members `from` and `to` (thread ids equal member indexes).
Copy copy_of(int from, int to, std::size_t bytes) {
  return {{from, false, Side::source, 0}, {to, false, Side::destination, 0}, bytes};
}

int identity(int thread) { return thread; }
bool always(const Copy&) { return true; }

/// Every member its own process: a byte between two of them costs twice one a member copies
/// between its own buffers.
std::size_t cost_between_processes(const Copy& copy, int) { return copy.from.owner == copy.to.owner ? 1 : 2; }

std::vector<std::size_t> shares_of(const std::vector<Copy>& copies, int members) {
  return source_shares(std::span<const Copy>(copies), members, identity, always, cost_between_processes);
}

/// What each member spends under `shares`, in the costs' units.
std::vector<std::size_t> loads_of(const std::vector<Copy>& copies, const std::vector<std::size_t>& shares, int members) {
  std::vector<std::size_t> load(static_cast<std::size_t>(members), 0);
  for (std::size_t i = 0; i < copies.size(); ++i) {
    const auto& copy = copies[i];
    auto share = shares.empty() || copy.from.owner == copy.to.owner ? 0 : shares[i];
    load[static_cast<std::size_t>(copy.from.owner)] += share * cost_between_processes(copy, copy.from.owner);
    load[static_cast<std::size_t>(copy.to.owner)] += (copy.bytes - share) * cost_between_processes(copy, copy.to.owner);
  }
  return load;
}

TEST(CopyShares, GathersLeaveMostOfTheOthersBlocksToTheirOwners) {
  std::vector<Copy> gather{copy_of(0, 0, n), copy_of(1, 0, n), copy_of(2, 0, n), copy_of(3, 0, n)};
  auto shares = shares_of(gather, 4);
  // Each block evens its owner out with the root as the root's load grows.
  EXPECT_EQ(shares, (std::vector<std::size_t>{0, 3 * n / 4, 7 * n / 8, 15 * n / 16}));
  EXPECT_EQ(loads_of(gather, shares, 4), (std::vector<std::size_t>{15 * n / 8, 3 * n / 2, 7 * n / 4, 15 * n / 8}));
}

TEST(CopyShares, BroadcastsLeaveMostOfTheRootsBlockToTheReaders) {
  std::vector<Copy> broadcast{copy_of(0, 0, n), copy_of(0, 1, n)};
  auto shares = shares_of(broadcast, 2);
  EXPECT_EQ(shares, (std::vector<std::size_t>{0, n / 4}));
  EXPECT_EQ(loads_of(broadcast, shares, 2), (std::vector<std::size_t>{3 * n / 2, 3 * n / 2}));
}

TEST(CopyShares, AllgathersSplitEveryOtherBlockInHalves) {
  std::vector<Copy> allgather{copy_of(0, 0, n), copy_of(0, 1, n), copy_of(1, 0, n), copy_of(1, 1, n)};
  auto shares = shares_of(allgather, 2);
  EXPECT_EQ(shares, (std::vector<std::size_t>{0, n / 2, n / 2, 0}));
  EXPECT_EQ(loads_of(allgather, shares, 2), (std::vector<std::size_t>{3 * n, 3 * n}));
}

TEST(CopyShares, CutsWeighWhatABytesCostsEachOwner) {
  std::vector<Copy> one{copy_of(0, 1, n)};
  auto dearer_to_read = [](const Copy& copy, int mover) -> std::size_t { return mover == copy.to.owner ? 3 : 1; };
  auto shares = source_shares(std::span<const Copy>(one), 2, identity, always, dearer_to_read);
  EXPECT_EQ(shares, (std::vector<std::size_t>{3 * n / 4}));  // 3n/4 written against n/4 read at 3x
}

TEST(CopyShares, CutsLieOnCacheLinesAndUnevenCopiesEvenOut) {
  // Uneven blocks among 3 members, every one to every one, as an exchange_v makes them.
  std::vector<Copy> exchange;
  for (int from = 0; from < 3; ++from)
    for (int to = 0; to < 3; ++to) exchange.push_back(copy_of(from, to, 100'003 + 70'001 * static_cast<std::size_t>(from * 3 + to)));
  auto shares = shares_of(exchange, 3);
  ASSERT_EQ(shares.size(), exchange.size());
  for (std::size_t i = 0; i < exchange.size(); ++i) {
    EXPECT_LE(shares[i], exchange[i].bytes);
    if (shares[i] < exchange[i].bytes) {
      EXPECT_EQ(shares[i] % 64, 0u) << "copy " << i;
    }
  }
  auto load = loads_of(exchange, shares, 3);
  auto total = load[0] + load[1] + load[2];
  // Within 2% of an even third (halving every copy leaves the busiest with 29% more).
  EXPECT_LE(*std::max_element(load.begin(), load.end()), total / 3 * 102 / 100);
}

TEST(CopyShares, CopiesThatMayNotBeSplitFallWholeToTheirDestination) {
  std::vector<Copy> gather{copy_of(0, 0, n), copy_of(1, 0, n), copy_of(2, 0, 3 * n)};
  auto large_ones_only = [](const Copy& copy) { return copy.bytes > n; };
  auto shares = source_shares(std::span<const Copy>(gather), 3, identity, large_ones_only, cost_between_processes);
  // Member 0 copies its own block (n) and reads member 1's (2n at twice the cost); member 2's
  // block of 3n evens it out: 3n + 2 (3n - s) = 2 s.
  EXPECT_EQ(shares, (std::vector<std::size_t>{0, 0, 9 * n / 4}));
  EXPECT_EQ(loads_of(gather, shares, 3), (std::vector<std::size_t>{9 * n / 2, 0, 9 * n / 2}));
  auto never = [](const Copy&) { return false; };
  EXPECT_TRUE(source_shares(std::span<const Copy>(gather), 3, identity, never, cost_between_processes).empty());
}

}  // namespace
