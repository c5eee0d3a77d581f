// Collectives between the processes of one host with shared segments (run under mpirun with
// them on and off): private bytes go straight from buffer to buffer (single_copy.hpp) where
// they may, else through the source owner's staging area instead of MPI, and what does not fit
// the staging area still arrives (through MPI).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas/config.hpp>
#include <pgasmr/pgas/detail/core.hpp>

#include "support/spmd.hpp"

namespace {

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;
using pgasmr::test::for_each_thread_count;

std::uint32_t value_of(int member, std::size_t i) { return static_cast<std::uint32_t>(member) * 1000003u + static_cast<std::uint32_t>(i); }

/// Member r contributes base + 17 r elements.
std::size_t count_of(int member, std::size_t base) { return base + 17 * static_cast<std::size_t>(member); }

/// An allgather_v of private buffers, member r contributing count_of(r, base) elements; true
/// when the front of the caller's staging area afterwards holds its contribution, false when
/// it still holds the mark put there before.
bool allgather_v_staged(pg::Context& me, std::size_t base) {
  auto staging = pg::detail::staging_area(me, me.thread());
  auto bytes = count_of(me.thread(), base) * sizeof(std::uint32_t);
  EXPECT_GE(staging.size(), bytes);
  if (staging.size() < bytes) return false;
  std::memset(staging.data(), 0xee, bytes);
  std::vector<std::size_t> counts;
  for (int r = 0; r < me.threads(); ++r) counts.push_back(count_of(r, base));
  std::vector<std::uint32_t> mine(count_of(me.thread(), base));
  for (std::size_t i = 0; i < mine.size(); ++i) mine[i] = value_of(me.thread(), i);
  std::size_t total = 0;
  for (auto c : counts) total += c;
  std::vector<std::uint32_t> everyone(total);
  coll::allgather_v(me, std::span(everyone), std::span(mine), counts);
  std::size_t at = 0, wrong = 0;
  for (int r = 0; r < me.threads(); ++r)
    for (std::size_t i = 0; i < counts[static_cast<std::size_t>(r)]; ++i) wrong += everyone[at++] != value_of(r, i);
  EXPECT_EQ(wrong, 0u);
  if (std::memcmp(staging.data(), mine.data(), bytes) == 0) return true;
  std::vector<std::byte> mark(bytes, std::byte{0xee});
  EXPECT_EQ(std::memcmp(staging.data(), mark.data(), bytes), 0) << "neither our bytes nor the mark";
  return false;
}

bool shares_segments_with_others(pg::Context& me) {
  return me.processes() > 1 && pg::Config::from_environment().shared_segments;
}

TEST(SharedSegmentCollectives, small_private_contributions_are_read_from_the_staging_areas) {
  for_each_thread_count([](pg::Context& me) {
    // 2100 + 17 r elements: more than the eager path's slots (8 KiB), less than the staged
    // bytes of single_copy.cpp (16 KiB).
    if (!shares_segments_with_others(me)) {
      EXPECT_TRUE(pg::detail::staging_area(me, me.thread()).empty() || me.processes() == 1);
      return;
    }
    EXPECT_TRUE(allgather_v_staged(me, 2100));
  });
}

TEST(SharedSegmentCollectives, large_private_contributions_go_in_one_copy) {
  for_each_thread_count([](pg::Context& me) {
    // 70000 + 17 r elements (over 16 KiB): straight from buffer to buffer, the mark intact.
    if (!shares_segments_with_others(me)) return;
    EXPECT_FALSE(allgather_v_staged(me, 70000));
  });
}

TEST(SharedSegmentCollectives, large_rooted_blocks_arrive_whole_at_every_root) {
  for_each_thread_count([](pg::Context& me) {
    // Over 64 KiB a block and not a whole number of cache lines: the single-copy path cuts each
    // between its two owners by what a byte costs each (copy_shares.hpp), at every root.
    auto n = static_cast<std::size_t>(me.threads());
    constexpr std::size_t count = 17'003;
    for (int root = 0; root < me.threads(); ++root) {
      std::vector<std::uint32_t> mine(count), gathered(me.thread() == root ? n * count : 0);
      for (std::size_t i = 0; i < count; ++i) mine[i] = value_of(me.thread() + root, i);
      coll::gather(me, std::span(gathered), std::span(mine), count, {.root = root});
      std::size_t wrong = 0;
      for (std::size_t r = 0; r < gathered.size() / count; ++r)
        for (std::size_t i = 0; i < count; ++i) wrong += gathered[r * count + i] != value_of(static_cast<int>(r) + root, i);
      EXPECT_EQ(wrong, 0u) << "gather to " << root;

      std::vector<std::uint32_t> all(me.thread() == root ? n * count : 0), block(count);
      for (std::size_t i = 0; i < all.size(); ++i) all[i] = value_of(root, i);
      coll::scatter(me, std::span(block), std::span(all), count, {.root = root});
      wrong = 0;
      for (std::size_t i = 0; i < count; ++i) wrong += block[i] != value_of(root, static_cast<std::size_t>(me.thread()) * count + i);
      EXPECT_EQ(wrong, 0u) << "scatter from " << root;

      std::vector<std::size_t> counts;
      for (int r = 0; r < me.threads(); ++r) counts.push_back(count_of(r, count));
      std::size_t total = 0;
      for (auto c : counts) total += c;
      std::vector<std::uint32_t> own(count_of(me.thread(), count)), packed(me.thread() == root ? total : 0);
      for (std::size_t i = 0; i < own.size(); ++i) own[i] = value_of(me.thread(), i + 5);
      coll::gather_v(me, std::span(packed), std::span(own), counts, {}, {.root = root});
      wrong = 0;
      std::size_t at = 0;
      for (int r = 0; r < me.threads() && !packed.empty(); ++r)
        for (std::size_t i = 0; i < counts[static_cast<std::size_t>(r)]; ++i) wrong += packed[at++] != value_of(r, i + 5);
      EXPECT_EQ(wrong, 0u) << "gather_v to " << root;
    }
  });
}

TEST(SharedSegmentCollectives, a_broadcast_larger_than_the_staging_area_still_arrives) {
  for_each_thread_count([](pg::Context& me) {
    auto count = pg::detail::staging_bytes(me) / sizeof(std::uint32_t) + 1000;
    if (me.processes() == 1) count = 1000;  // no staging: nothing to exceed
    std::vector<std::uint32_t> source(me.thread() == 0 ? count : 0), data(count);
    for (std::size_t i = 0; i < source.size(); ++i) source[i] = value_of(7, i);
    coll::broadcast(me, std::span(data), std::span(source), count);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < count; ++i) wrong += data[i] != value_of(7, i);
    EXPECT_EQ(wrong, 0u);
  });
}

TEST(SharedSegmentCollectives, an_in_place_exchange_larger_than_the_staging_area) {
  for_each_thread_count([](pg::Context& me) {
    // In one copy, each member reads the others' buffers as they were on entry: from their
    // staging areas when the buffer fits there, else (this case) from a copy in private memory.
    auto n = static_cast<std::size_t>(me.threads());
    auto chunk = std::max<std::size_t>(pg::detail::staging_bytes(me) / sizeof(std::uint32_t) / n + 100, 1000);
    std::vector<std::uint32_t> cells(n * chunk);
    for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = value_of(me.thread(), i);
    coll::exchange(me, coll::in_place, std::span(cells), chunk);
    std::size_t wrong = 0;
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t i = 0; i < chunk; ++i)
        wrong += cells[r * chunk + i] != value_of(static_cast<int>(r), static_cast<std::size_t>(me.thread()) * chunk + i);
    EXPECT_EQ(wrong, 0u);
  });
}

TEST(SharedSegmentCollectives, back_to_back_exchanges_out_of_and_in_place) {
  for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<std::size_t>(me.threads());
    // Out of place in one copy; in place (every read before any write) through the staging
    // areas, reused call after call: 3000 elements are more than the least staged bytes.
    constexpr std::size_t chunk = 3000;
    for (int round = 0; round < 20; ++round) {
      std::vector<std::uint32_t> out(n * chunk), in(n * chunk);
      for (std::size_t q = 0; q < n; ++q)
        for (std::size_t i = 0; i < chunk; ++i) out[q * chunk + i] = value_of(me.thread() + round, q * chunk + i);
      coll::exchange(me, std::span(in), std::span(out), chunk, {.sync = {coll::InSync::none, coll::OutSync::my}});
      std::size_t wrong = 0;
      for (std::size_t r = 0; r < n; ++r)
        for (std::size_t i = 0; i < chunk; ++i)
          wrong += in[r * chunk + i] != value_of(static_cast<int>(r) + round, static_cast<std::size_t>(me.thread()) * chunk + i);
      EXPECT_EQ(wrong, 0u) << "round " << round;
      coll::exchange(me, coll::in_place, std::span(in), chunk, {.sync = {coll::InSync::none, coll::OutSync::my}});
      wrong = 0;
      for (std::size_t r = 0; r < n; ++r)
        for (std::size_t i = 0; i < chunk; ++i) wrong += in[r * chunk + i] != out[r * chunk + i];
      EXPECT_EQ(wrong, 0u) << "in place, round " << round;
    }
  });
}

}  // namespace
