// The eager path of small collectives inside a process (collectives/src/eager.hpp): members
// post what others need into mailbox slots and return without waiting for each other. These
// cases call collectives back to back with the MPI-like sync mode {InSync::none, OutSync::my},
// so fast members run ahead into the next calls while slow ones still read; they mix calls
// that go eager with calls too large for the slots (which run zero-copy), teams of their own,
// and reductions whose partial results do and do not fit. Every result is checked against
// values computed here from the inputs. Under mpirun with shared segments the mailbox of a
// team across processes lives in their segments (collectives/src/host_mailbox.hpp); with them
// off, teams across processes take the other paths and the per-process teams the eager one.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas/shared_array.hpp>

#include "support/spmd.hpp"

namespace {

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;

constexpr coll::Sync fast{coll::InSync::none, coll::OutSync::my};
constexpr int rounds = 200;

/// One round of broadcast, allgather, in-place exchange, reduce and allreduce on `team`, all
/// with `count` elements per chunk, checked at once.
void round_of_collectives(pg::Context& me, pg::Team& team, int round, std::size_t count) {
  auto n = static_cast<std::size_t>(team.size());
  auto rank = static_cast<long>(team.rank());
  auto root = round % team.size();
  auto value = [&](long member, std::size_t k) { return long(round) * 100'000 + member * 1000 + long(k); };

  std::vector<long> src(count), dst(n * count, -1);
  for (std::size_t k = 0; k < count; ++k) src[k] = value(rank, k);
  coll::broadcast(me, std::span(dst).first(count), src, count, {.team = &team, .root = root, .sync = fast});
  for (std::size_t k = 0; k < count; ++k) EXPECT_EQ(dst[k], value(root, k)) << "broadcast, round " << round;

  coll::allgather(me, dst, src, count, {.team = &team, .sync = fast});
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t k = 0; k < count; ++k)
      EXPECT_EQ(dst[r * count + k], value(long(r), k)) << "allgather, round " << round;

  // Chunk q of member r holds value(r, q * count + k); afterwards chunk r of member q does.
  std::vector<long> cells(n * count);
  for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = value(rank, i);
  coll::exchange(me, coll::in_place, cells, count, {.team = &team, .sync = fast});
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t k = 0; k < count; ++k)
      EXPECT_EQ(cells[r * count + k], value(long(r), std::size_t(rank) * count + k)) << "exchange, round " << round;

  long expected = 0;
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t k = 0; k < count; ++k) expected += value(long(r), k);
  long sum = -1;
  coll::reduce(me, std::span(&sum, 1), src, coll::op::add{}, {.team = &team, .root = root, .sync = fast});
  if (team.rank() == root) {
    EXPECT_EQ(sum, expected) << "reduce, round " << round;
  }
  coll::allreduce(me, std::span(&sum, 1), src, coll::op::add{}, {.team = &team, .sync = fast});
  EXPECT_EQ(sum, expected) << "allreduce, round " << round;
}

TEST(Eager, fast_members_never_overwrite_what_others_still_read) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    for (int round = 0; round < rounds; ++round) round_of_collectives(me, me.world(), round, 2);
  });
}

TEST(Eager, calls_too_large_for_the_slots_interleave_with_eager_ones) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    // 2048 longs per chunk (16 KiB) exceed the default slots of 8 KiB per member.
    for (int round = 0; round < 24; ++round) round_of_collectives(me, me.world(), round, round % 3 == 2 ? 2048 : 3);
  });
}

TEST(Eager, teams_take_turns_with_the_world) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    pg::Team parity = me.world().split(me.thread() % 2, -me.thread());
    pg::Team process = me.world().split(me.process(), me.thread());
    for (int round = 0; round < 60; ++round) {
      round_of_collectives(me, parity, round, 1 + std::size_t(round % 4));
      round_of_collectives(me, me.world(), round, 2);
      round_of_collectives(me, process, round, 5);
    }
  });
}

TEST(Eager, more_live_teams_than_mailbox_areas) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    // A process lends at most 8 mailbox areas of its threads at once: the teams after the
    // eighth find none and every member of them takes the other paths alike.
    std::vector<pg::Team> teams;
    for (int t = 0; t < 11; ++t) teams.push_back(me.world().split(0, (me.thread() * 7 + t) % me.threads()));
    for (int round = 0; round < 12; ++round)
      for (auto& team : teams) round_of_collectives(me, team, round, 1 + std::size_t(round % 3));
  });
}

TEST(Eager, teams_made_and_dropped_in_turn) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    // Each team's areas go back to its processes when it is dropped and serve the next one,
    // whose first round must not see the stamps of the last.
    for (int t = 0; t < 30; ++t) {
      pg::Team team = me.world().split(t % 2 == 0 ? 0 : me.thread() % 2, me.threads() - me.thread());
      for (int round = 0; round < 5; ++round) round_of_collectives(me, team, round, 2);
      me.barrier();  // every member has read its last round before anyone drops the team
    }
  });
}

TEST(Eager, rooted_reductions_where_some_members_contribute_nothing) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    // Members with values may leave once they have posted them; members without must wait
    // to learn that somebody had some. Only even ranks contribute.
    auto& world = me.world();
    for (int round = 0; round < rounds; ++round) {
      std::vector<long> mine(world.rank() % 2 == 0 ? 2 : 0, round + world.rank());
      long expected = 0;
      for (int r = 0; r < world.size(); r += 2) expected += 2 * long(round + r);
      auto root = world.size() - 1 - round % world.size();
      long sum = -1;
      coll::reduce(me, std::span(&sum, 1), mine, coll::op::add{}, {.root = root, .sync = fast});
      if (world.rank() == root) {
        EXPECT_EQ(sum, expected) << "round " << round;
      }
    }
  });
}

/// x -> a x + b; composing them is associative but not commutative, so the order of the
/// reduction's input shows.
struct Affine {
  std::uint64_t a, b;
  friend bool operator==(const Affine&, const Affine&) = default;
};
Affine then(const Affine& first, const Affine& second) { return {first.a * second.a, first.b * second.a + second.b}; }
Affine affine_at(std::size_t i, int round) { return {2 * i + 3, i * 7 + std::uint64_t(round)}; }

TEST(Eager, reductions_with_partial_results_that_do_and_do_not_fit) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto threads = static_cast<std::size_t>(me.threads());
    // Block size 1: every element is its own run, hence its own partial result (the operator
    // is not commutative). 3 per thread fit the slots; 400 per thread (16 KB) do not.
    for (std::size_t per_thread : {3, 400, 3}) {
      pg::shared_array<Affine> input(me, threads * per_thread, 1);
      for (int round = 0; round < 20; ++round) {
        auto local = input.local();
        for (std::size_t j = 0; j < local.size(); ++j)
          local[j] = affine_at(std::size_t(me.thread()) + j * threads, round);
        Affine expected = affine_at(0, round);
        for (std::size_t i = 1; i < input.size(); ++i) expected = then(expected, affine_at(i, round));
        Affine result{};
        // InSync::all: the input was just written by every thread.
        coll::allreduce(me, std::span(&result, 1), input, then, {.sync = {coll::InSync::all, coll::OutSync::my}});
        EXPECT_EQ(result, expected) << per_thread << " per thread, round " << round;
        me.barrier();  // nobody rewrites the input while another member folds it
      }
    }
  });
}

}  // namespace
