// Barriers: fast enough to run thousands in a row (also oversubscribed), really synchronising
// memory, split-phase notify/wait with work in between, misuse errors, and team barriers.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>

#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/shared_array.hpp>
#include <pgasmr/pgas/team.hpp>

#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;

namespace {

/// Every member of `team` publishes `round` in its own slot, passes one team barrier, then
/// checks that it sees every member's slot at `round`. Two arrays alternate between rounds, so
/// one barrier per round suffices: a thread can only rewrite slots[round % 2] after the next
/// barrier, which nobody passes before finishing its reads of this round.
void publish_and_check(pg::Context& me, pg::Team& team, pg::shared_array<std::int64_t> (&slots)[2], std::int64_t round,
                       const std::function<void()>& sync) {
  auto& mine = slots[round % 2];
  mine.put(static_cast<std::size_t>(me.thread()), round);
  sync();
  for (auto thread : team.threads()) EXPECT_EQ(mine.get(static_cast<std::size_t>(thread)), round) << "slot of thread " << thread;
}

}  // namespace

TEST(Barrier, ten_thousand_in_a_row) {
  constexpr int barriers = 10'000;
  std::atomic<long> passed{0};
  // No time limit here (tests assert no timing; bench/ measures barriers): a barrier that fell
  // back to long sleeps when oversubscribed would hit the test's ctest timeout instead.
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (int i = 0; i < barriers; ++i) me.barrier();
    passed.fetch_add(barriers);
  });
  long threads = 0;
  for (auto count : pgasmr::test::thread_counts()) threads += static_cast<long>(count);
  EXPECT_EQ(passed.load(), threads * barriers);
}

TEST(Barrier, every_thread_sees_all_writes_made_before_it) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    pg::shared_array<std::int64_t> slots[2] = {{me, static_cast<std::size_t>(me.threads())},
                                               {me, static_cast<std::size_t>(me.threads())}};
    for (std::int64_t round = 1; round <= 300; ++round)
      publish_and_check(me, me.world(), slots, round, [&] { me.barrier(); });
  });
}

TEST(Barrier, split_phase_allows_local_work_between_notify_and_wait) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    pg::shared_array<std::int64_t> slots[2] = {{me, static_cast<std::size_t>(me.threads())},
                                               {me, static_cast<std::size_t>(me.threads())}};
    std::int64_t work = 0;
    for (std::int64_t round = 1; round <= 300; ++round)
      publish_and_check(me, me.world(), slots, round, [&] {
        me.notify();
        for (int k = 0; k < 100; ++k) work += k * round;  // private work overlapping the barrier
        me.wait();
      });
    EXPECT_EQ(work, 4950 * 300 * 301 / 2);
  });
}

TEST(Barrier, notify_does_not_wait_for_the_others) {
  // The last thread notifies only after every other thread has returned from notify(); if
  // notify blocked until all had notified, the others would never return. The bounded wait
  // turns that bug into a failure instead of a hang.
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    pg::shared_array<std::int64_t> notified(me, 1);
    auto counter = notified.ptr(0);
    if (me.thread() == 0) pg::atomic_store(me, counter, std::int64_t{0});
    me.barrier();
    if (me.thread() != me.threads() - 1) {
      me.notify();
      pg::atomic_fetch_add(me, counter, std::int64_t{1});
      me.wait();
    } else {
      auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
      while (pg::atomic_load(me, counter) != me.threads() - 1 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::microseconds(100));
      EXPECT_EQ(pg::atomic_load(me, counter), me.threads() - 1) << "the other threads are stuck in notify()";
      me.notify();
      me.wait();
    }
  });
}

TEST(Barrier, wait_without_notify_and_notify_twice_throw) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    EXPECT_THROW(me.wait(), pgasmr::error);
    me.notify();
    try {
      me.notify();
      ADD_FAILURE() << "a second notify() did not throw";
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(e.operation(), "Team::notify");
      EXPECT_EQ(e.thread(), me.thread());
    }
    try {
      me.barrier();
      ADD_FAILURE() << "a barrier between notify() and wait() did not throw";
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(e.operation(), "Team::barrier");
      EXPECT_NE(std::string(e.what()).find("barrier called between notify and wait"), std::string::npos) << e.what();
    }
    me.wait();
    try {
      me.wait();
      ADD_FAILURE() << "a second wait() did not throw";
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(e.operation(), "Team::wait");
      EXPECT_NE(std::string(e.what()).find("without a matching notify"), std::string::npos) << e.what();
    }
    // The misuse changed nothing: the barrier still works.
    for (int i = 0; i < 10; ++i) me.barrier();
  });
}

TEST(Barrier, sub_team_barriers_synchronise_their_members_only) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    pg::shared_array<std::int64_t> slots[2] = {{me, static_cast<std::size_t>(me.threads())},
                                               {me, static_cast<std::size_t>(me.threads())}};
    auto half = me.world().split(me.thread() % 2, 0);
    EXPECT_EQ(half.size(), (me.threads() + 1 - me.thread() % 2) / 2);
    // The two halves run different numbers of barriers: they must not wait for each other.
    auto rounds = me.thread() % 2 == 0 ? 200 : 77;
    for (std::int64_t round = 1; round <= rounds; ++round)
      publish_and_check(me, half, slots, round, [&] { half.barrier(); });
    // Split-phase on the same team; rounds continue so the two arrays keep alternating.
    for (std::int64_t round = rounds + 1; round <= rounds + 50; ++round)
      publish_and_check(me, half, slots, round, [&] {
        half.notify();
        half.wait();
      });
    me.barrier();
    EXPECT_THROW(half.wait(), pgasmr::error);
  });
}

TEST(Barrier, thousands_of_sub_team_barriers) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto pair = me.world().split(me.thread() / 2, me.thread());
    for (int i = 0; i < 5'000; ++i) pair.barrier();
    me.barrier();
  });
}
