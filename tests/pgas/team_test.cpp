// Teams: the world team, Team::split with MPI_Comm_split's meaning (checked against an
// independent model), nested splits, odd shapes, teams across processes, team barriers, errors.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/runtime.hpp>
#include <pgasmr/pgas/shared_array.hpp>
#include <pgasmr/pgas/team.hpp>
#include <pgasmr/pgas/topology.hpp>

#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;

namespace {

using Rule = std::function<int(int rank, pg::thread_id thread)>;

/// MPI_Comm_split as the MPI standard states it, computed by every thread for itself: the
/// members of `parent` that pass my color, ordered by key and then by rank in `parent`.
/// Empty for no_color.
std::vector<pg::thread_id> model_split(const pg::Team& parent, const Rule& color, const Rule& key) {
  auto members = parent.threads();
  auto my_color = color(parent.rank(), members[static_cast<std::size_t>(parent.rank())]);
  if (my_color == pg::Team::no_color) return {};
  std::vector<int> ranks;
  for (int r = 0; r < static_cast<int>(members.size()); ++r)
    if (color(r, members[static_cast<std::size_t>(r)]) == my_color) ranks.push_back(r);
  // Ranks are listed ascending, so a stable sort by key breaks ties by parent rank.
  std::ranges::stable_sort(ranks, {}, [&](int r) { return key(r, members[static_cast<std::size_t>(r)]); });
  std::vector<pg::thread_id> threads;
  for (int r : ranks) threads.push_back(members[static_cast<std::size_t>(r)]);
  return threads;
}

/// Every query of `team`, as held by the calling thread, against its expected members.
void expect_team(const pg::Context& me, const pg::Team& team, const std::vector<pg::thread_id>& expected) {
  EXPECT_EQ(static_cast<bool>(team), !expected.empty());
  EXPECT_EQ(team.size(), static_cast<int>(expected.size()));
  EXPECT_EQ(std::vector<pg::thread_id>(team.threads().begin(), team.threads().end()), expected);
  for (int r = 0; r < static_cast<int>(expected.size()); ++r) {
    EXPECT_EQ(team.thread_of(r), expected[static_cast<std::size_t>(r)]);
    EXPECT_EQ(team.rank_of(expected[static_cast<std::size_t>(r)]), r);
  }
  if (!expected.empty()) {
    auto at = std::ranges::find(expected, me.thread());
    EXPECT_NE(at, expected.end()) << "the calling thread is a member";
    EXPECT_EQ(team.rank(), static_cast<int>(at - expected.begin()));
  }
  for (pg::thread_id t = 0; t < me.threads(); ++t)
    if (std::ranges::find(expected, t) == expected.end()) {
      EXPECT_EQ(team.rank_of(t), std::nullopt) << "thread " << t;
    }
  EXPECT_EQ(team.rank_of(me.threads()), std::nullopt);
  EXPECT_EQ(team.rank_of(-1), std::nullopt);
  EXPECT_THROW((void)team.thread_of(team.size()), pgasmr::error);
  EXPECT_THROW((void)team.thread_of(-1), pgasmr::error);
}

/// Splits `parent` by the rules, checks the result against the model and returns it.
pg::Team split_and_check(const pg::Context& me, pg::Team& parent, const Rule& color, const Rule& key) {
  auto expected = model_split(parent, color, key);
  auto rank = parent.rank();
  auto thread = parent.thread_of(rank);
  auto team = parent.split(color(rank, thread), key(rank, thread));
  expect_team(me, team, expected);
  return team;
}

/// Slots for checking that a team barrier synchronises memory: every thread of the job
/// allocates them (collectively) and then uses them inside its own team.
struct Slots {
  explicit Slots(pg::Context& me)
      : arrays{{me, static_cast<std::size_t>(me.threads())}, {me, static_cast<std::size_t>(me.threads())}} {}
  pg::shared_array<std::int64_t> arrays[2];
};

/// Members publish a round number, pass a team barrier, and must all see each other's; the
/// two arrays alternate so one barrier per round suffices. Threads in other teams may still be
/// reading the slots after this returns: separate calls for different teams by a world barrier.
void expect_barrier_synchronises(pg::Context& me, pg::Team& team, Slots& slots, int rounds) {
  for (std::int64_t round = 1; round <= rounds; ++round) {
    auto& slot = slots.arrays[round % 2];
    slot.put(static_cast<std::size_t>(me.thread()), round);
    team.barrier();
    for (auto thread : team.threads())
      EXPECT_EQ(slot.get(static_cast<std::size_t>(thread)), round) << "round " << round << ", thread " << thread;
  }
}

}  // namespace

TEST(Team, world_is_every_thread_in_order) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto& world = me.world();
    std::vector<pg::thread_id> everyone(static_cast<std::size_t>(me.threads()));
    for (int t = 0; t < me.threads(); ++t) everyone[static_cast<std::size_t>(t)] = t;
    expect_team(me, world, everyone);
    EXPECT_TRUE(world);
    EXPECT_EQ(world.rank(), me.thread());
    EXPECT_EQ(world.size(), me.threads());
  });
}

TEST(Team, split_by_parity) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    Slots slots(me);
    auto team = split_and_check(me, me.world(), [](int, int t) { return t % 2; }, [](int, int) { return 0; });
    EXPECT_EQ(team.rank(), me.thread() / 2);
    expect_barrier_synchronises(me, team, slots, 50);
  });
}

TEST(Team, split_into_pairs_by_thread_div_2) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    Slots slots(me);
    auto team = split_and_check(me, me.world(), [](int, int t) { return t / 2; }, [](int, int t) { return t; });
    bool has_partner = me.thread() / 2 * 2 + 1 < me.threads();
    EXPECT_EQ(team.size(), has_partner ? 2 : 1);
    EXPECT_EQ(team.rank(), me.thread() % 2);
    expect_barrier_synchronises(me, team, slots, 50);
  });
}

TEST(Team, reversed_keys_reverse_the_ranks) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    Slots slots(me);
    auto team = split_and_check(me, me.world(), [](int, int) { return 0; }, [](int, int t) { return -t; });
    EXPECT_EQ(team.rank(), me.threads() - 1 - me.thread());
    EXPECT_EQ(team.thread_of(0), me.threads() - 1);
    expect_barrier_synchronises(me, team, slots, 20);
  });
}

TEST(Team, equal_keys_keep_the_parent_rank_order) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    // In a reversed team, parent rank order is descending thread order: equal keys must
    // follow it, not the global thread ids.
    auto reversed = me.world().split(0, -me.thread());
    auto same = split_and_check(me, reversed, [](int, int) { return 3; }, [](int, int) { return 42; });
    EXPECT_EQ(same.rank(), reversed.rank());
    // Ties within equal keys only: key = parent rank / 2 groups neighbours, who stay in order.
    auto ties = split_and_check(me, reversed, [](int, int) { return 0; }, [](int r, int) { return -(r / 2); });
    EXPECT_EQ(ties.size(), me.threads());
    // Equal keys in the world team: thread order.
    auto world_copy = split_and_check(me, me.world(), [](int, int) { return 0; }, [](int, int) { return 0; });
    EXPECT_EQ(world_copy.rank(), me.thread());
  });
}

TEST(Team, no_color_gives_the_empty_team) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    Slots slots(me);
    auto color = [](int, int t) { return t % 3 == 0 ? pg::Team::no_color : 5; };
    auto team = split_and_check(me, me.world(), color, [](int, int) { return 0; });
    if (me.thread() % 3 == 0) {
      EXPECT_FALSE(team);
      EXPECT_EQ(team.size(), 0);
      EXPECT_TRUE(team.threads().empty());
      EXPECT_THROW(team.barrier(), pgasmr::error) << "a non-member cannot take part";
      EXPECT_THROW((void)team.split(0, 0), pgasmr::error);
    } else {
      EXPECT_TRUE(team);
      expect_barrier_synchronises(me, team, slots, 30);
    }
    me.barrier();
  });
}

TEST(Team, default_constructed_team_is_empty) {
  pg::Team team;
  EXPECT_FALSE(team);
  EXPECT_EQ(team.size(), 0);
  EXPECT_TRUE(team.threads().empty());
  EXPECT_EQ(team.rank_of(0), std::nullopt);
  EXPECT_THROW((void)team.thread_of(0), pgasmr::error);
}

TEST(Team, nested_splits) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    Slots slots(me);
    auto parity = split_and_check(me, me.world(), [](int, int t) { return t % 2; }, [](int, int) { return 0; });
    // Splitting by rank parity inside a parity team groups threads by thread % 4.
    auto quarter = split_and_check(me, parity, [](int r, int) { return r % 2; }, [](int, int) { return 0; });
    for (auto t : quarter.threads()) EXPECT_EQ(t % 4, me.thread() % 4);
    // A third level, reversed.
    auto reversed = split_and_check(me, quarter, [](int, int) { return 0; }, [](int r, int) { return -r; });
    EXPECT_EQ(reversed.rank(), quarter.size() - 1 - quarter.rank());
    expect_barrier_synchronises(me, parity, slots, 20);
    me.barrier();
    expect_barrier_synchronises(me, quarter, slots, 20);
    me.barrier();
    expect_barrier_synchronises(me, reversed, slots, 20);
    me.barrier();
  });
}

TEST(Team, twins_have_the_members_and_a_barrier_of_their_own) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    Slots slots(me);
    auto twin = me.world().twin();
    std::vector<pg::thread_id> everyone(static_cast<std::size_t>(me.threads()));
    std::iota(everyone.begin(), everyone.end(), 0);
    expect_team(me, twin, everyone);
    EXPECT_TRUE(twin.is_twin());
    EXPECT_FALSE(me.world().is_twin());
    EXPECT_THROW((void)twin.twin(), pgasmr::error);
    EXPECT_FALSE(pg::Team().twin());
    // Whole barriers of the twin inside one split-phase barrier of the team: neither may take
    // the other's arrivals for its own.
    me.notify();
    expect_barrier_synchronises(me, twin, slots, 20);
    me.wait();
    auto parity = split_and_check(me, me.world(), [](int, int t) { return t % 2; }, [](int, int) { return 0; });
    auto parity_twin = parity.twin();
    expect_team(me, parity_twin, std::vector<pg::thread_id>(parity.threads().begin(), parity.threads().end()));
    parity.notify();
    expect_barrier_synchronises(me, parity_twin, slots, 20);
    parity.wait();
    me.barrier();
  });
}

TEST(Team, teams_of_one_thread) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    Slots slots(me);
    auto alone = split_and_check(me, me.world(), [](int, int t) { return t; }, [](int, int) { return 0; });
    EXPECT_EQ(alone.size(), 1);
    EXPECT_EQ(alone.rank(), 0);
    EXPECT_EQ(alone.thread_of(0), me.thread());
    expect_barrier_synchronises(me, alone, slots, 1000);  // nobody to wait for: must not block
    auto still_alone = split_and_check(me, alone, [](int, int) { return 0; }, [](int, int) { return 0; });
    EXPECT_EQ(still_alone.size(), 1);
    me.barrier();
  });
}

TEST(Team, non_contiguous_members) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    Slots slots(me);
    // thread % 3: {0, 3, 6}, {1, 4, 7}, {2, 5} with 8 threads; large color values are fine.
    auto team = split_and_check(me, me.world(), [](int, int t) { return 1000 + t % 3; }, [](int, int) { return 0; });
    for (int r = 1; r < team.size(); ++r) EXPECT_EQ(team.thread_of(r) - team.thread_of(r - 1), 3);
    expect_barrier_synchronises(me, team, slots, 50);
  });
}

TEST(Team, teams_across_processes) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    Slots slots(me);
    const auto& topology = me.topology();
    auto processes_of = [&](const pg::Team& team) {
      std::set<int> processes;
      for (auto t : team.threads()) processes.insert(topology.of(t).process);
      return processes;
    };
    // Same local thread index in every process: one member per process.
    auto column = split_and_check(me, me.world(), [&](int, int t) { return t % me.threads_per_process(); },
                                  [](int, int) { return 0; });
    EXPECT_EQ(column.size(), me.processes());
    EXPECT_EQ(static_cast<int>(processes_of(column).size()), me.processes());
    // All threads of one process.
    auto row = split_and_check(me, me.world(), [&](int, int t) { return t / me.threads_per_process(); },
                               [](int, int) { return 0; });
    EXPECT_EQ(row.size(), me.threads_per_process());
    EXPECT_EQ(processes_of(row), std::set<int>{me.process()});
    // Parity spans every process when there are several threads.
    auto parity = split_and_check(me, me.world(), [](int, int t) { return t % 2; }, [](int, int t) { return -t; });
    if (me.processes() > 1 && me.threads_per_process() % 2 == 0) {
      EXPECT_EQ(static_cast<int>(processes_of(parity).size()), me.processes());
    }
    expect_barrier_synchronises(me, column, slots, 50);
    me.barrier();
    expect_barrier_synchronises(me, row, slots, 50);
    me.barrier();
    expect_barrier_synchronises(me, parity, slots, 50);
    me.barrier();
    // A split of a spanning team that still spans processes.
    auto sub = split_and_check(me, parity, [](int, int) { return 0; }, [](int r, int) { return r % 2; });
    expect_barrier_synchronises(me, sub, slots, 20);
    me.barrier();
  });
}

TEST(Team, many_splits_in_a_row) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    for (int i = 0; i < 50; ++i) {
      auto team = me.world().split((me.thread() + i) % 3, i % 2 == 0 ? me.thread() : -me.thread());
      team.barrier();
    }
    me.barrier();
  });
}

TEST(Team, color_below_no_color_throws) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    // Every thread passes the bad color, so no thread is left waiting in the collective.
    try {
      (void)me.world().split(-2, 0);
      ADD_FAILURE() << "split with color -2 did not throw";
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(e.operation(), "Team::split");
      EXPECT_NE(e.cause().find("-2"), std::string::npos) << e.what();
    }
    // The team is still usable afterwards.
    auto team = split_and_check(me, me.world(), [](int, int t) { return t % 2; }, [](int, int) { return 0; });
    team.barrier();
    me.barrier();
  });
}

TEST(Team, thread_of_out_of_range_names_the_rank) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    try {
      (void)me.world().thread_of(me.threads());
      ADD_FAILURE() << "thread_of(THREADS) did not throw";
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(e.operation(), "Team::thread_of");
      EXPECT_EQ(e.thread(), me.thread());
      EXPECT_NE(e.cause().find("rank " + std::to_string(me.threads())), std::string::npos) << e.what();
    }
  });
}

TEST(Team, a_team_kept_past_its_run_is_refused) {
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "under mpirun a failed run ends the whole job by design";
  // Its state pointed at the ended run's job: barriers on it hung, and destroying it touched
  // freed memory.
  pg::Runtime runtime(pgasmr::test::config_for(2));
  std::optional<pg::Team> kept;
  runtime.run([&](pg::Context& me) {
    auto team = me.world().split(0, me.thread());
    if (me.thread() == 0) kept = std::move(team);
    me.barrier();
  });
  auto expect_refused = [](const std::function<void()>& use) {
    try {
      use();
      ADD_FAILURE() << "a team of an ended run was used";
    } catch (const pgasmr::error& e) {
      EXPECT_NE(std::string(e.what()).find("belongs to a run that has ended"), std::string::npos) << e.what();
    }
  };
  EXPECT_FALSE(kept->of_running_job());
  expect_refused([&] { kept->barrier(); });
  expect_refused([&] {
    runtime.run([&](pg::Context& me) {
      if (me.thread() == 0) kept->barrier();
      me.barrier();
    });
  });
  kept.reset();
}

TEST(Team, a_context_used_from_another_os_thread_is_refused) {
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "under mpirun a failed run ends the whole job by design";
  // The other thread's barrier counted as thread 0's arrival: thread 1 passed it alone.
  pg::Runtime runtime(pgasmr::test::config_for(2));
  try {
    runtime.run([](pg::Context& me) {
      if (me.thread() == 0) {
        std::exception_ptr error;
        std::thread other([&] {
          try {
            me.barrier();
          } catch (...) {
            error = std::current_exception();
          }
        });
        other.join();
        if (error) std::rethrow_exception(error);
      }
      me.barrier();
    });
    ADD_FAILURE() << "a barrier from another OS thread passed";
  } catch (const pgasmr::error& e) {
    EXPECT_EQ(e.operation(), "Team::barrier") << e.what();  // not notify, which it calls
    EXPECT_NE(std::string(e.what()).find("does not run PGAS thread 0"), std::string::npos) << e.what();
  }
}
