// Failures: an exception from a user's map or reduce function on one thread comes out of
// Runtime::run unchanged while the other threads, blocked in the engine's collectives or a
// barrier, are cancelled (nothing hangs); bad arguments are refused on every thread alike.
//
// Failing runs are skipped under mpirun: there a failure ends the whole job by design (the
// pgas suite's pgas_mpi_failure test covers that path).

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <thread>
#include <atomic>
#include <functional>
#include <ranges>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

#include <pgasmr/mapreduce.hpp>
#include <pgasmr/mapreduce/detail/dynamic_claims.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/spmd.hpp"

namespace mr = pgasmr::mr;
namespace pg = pgasmr::pgas;

#define SKIP_UNDER_MPI() \
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "under mpirun a failed run ends the whole job by design"

namespace {

/// Runs `body` at every thread count and expects run() to throw exactly an `E` whose message
/// contains `needle` (not the "job cancelled" error the other threads see); then checks that
/// the same Runtime still runs a job.
template <class E>
void expect_failure(const std::function<void(pg::Context&)>& body, const std::string& needle) {
  for (auto threads : pgasmr::test::thread_counts()) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    pg::Runtime runtime(pgasmr::test::config_for(threads));
    try {
      runtime.run(body);
      ADD_FAILURE() << "run() returned normally";
    } catch (const E& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
      EXPECT_EQ(typeid(e), typeid(E)) << e.what();
    } catch (const std::exception& e) {
      ADD_FAILURE() << "unexpected " << typeid(e).name() << ": " << e.what();
    }
    std::atomic<int> ran{0};
    runtime.run([&](pg::Context& me) {
      me.barrier();
      ++ran;
    });
    EXPECT_EQ(ran.load(), runtime.threads());
  }
}

const auto elements = std::views::iota(0, 100);

TEST(Errors, MapExceptionOnOneThreadReachesTheCaller) {
  SKIP_UNDER_MPI();
  for (auto distribution : {mr::block(), mr::cyclic(), mr::dynamic(1)}) {
    SCOPED_TRACE(std::string(mr::to_string(distribution.kind)));
    expect_failure<std::runtime_error>([&](pg::Context& me) {
      mr::HashContainer<int, int> out;
      mr::apply_map(me, elements, [](int i, auto& o) {
        if (i == 57) throw std::runtime_error("bad element 57");
        o.emit(i % 5, 1);
      }, out, distribution);
      mr::apply_reduce(me, out, mr::all);  // the others wait here for the thread that failed
    }, "bad element 57");
  }
}

TEST(Errors, AMapExceptionCaughtInTheBodyLeavesEveryThreadsCallsMatched) {
  // The thread that maps element 57 catches its map's exception and goes on: under every
  // distribution the reduce then meets every thread (DYNAMIC's collective claims included), the
  // other elements are counted once each, and the next map and reduce count all of them.
  const std::vector<std::uint64_t> weights(elements.size(), 1), threshold_then_weights = [&] {
    auto both = weights;
    both.insert(both.begin(), 1);
    return both;
  }();
  for (auto distribution : {mr::block(), mr::cyclic(), mr::balanced(weights), mr::best_fit(threshold_then_weights), mr::dynamic(1),
                            mr::dynamic()}) {
    SCOPED_TRACE(std::string(mr::to_string(distribution.kind)));
    pgasmr::test::for_each_thread_count([&](pg::Context& me) {
      mr::HashContainer<int, int> out;
      try {
        mr::apply_map(me, elements, [](int i, auto& o) {
          if (i == 57) throw std::runtime_error("bad element 57");
          o.emit(i, 1);
        }, out, distribution);
      } catch (const std::runtime_error&) {
      }
      auto counted = mr::apply_reduce(me, out, mr::all);
      EXPECT_EQ(counted.find(57), nullptr);
      for (const auto& [element, count] : counted) EXPECT_EQ(count, 1) << "element " << element;
      out.clear();
      mr::apply_map(me, elements, [](int i, auto& o) { o.emit(i, 1); }, out, distribution);
      EXPECT_EQ(mr::apply_reduce(me, out, mr::all).size(), elements.size());
    });
  }
}

TEST(Errors, TheOtherThreadsStopMappingOnceAFailureCancelsTheJob) {
  SKIP_UNDER_MPI();
  // Thread 0 fails at its first element; every other thread holds its first element until the
  // job is cancelled, then must stop within 64 elements, not map the rest of its share first.
  for (auto distribution : {mr::block(), mr::cyclic()}) {
    SCOPED_TRACE(std::string(mr::to_string(distribution.kind)));
    for (auto threads : pgasmr::test::thread_counts()) {
      if (threads < 2) continue;
      SCOPED_TRACE("threads " + std::to_string(threads));
      pg::Runtime runtime(pgasmr::test::config_for(threads));
      std::vector<std::atomic<std::size_t>> calls(threads);
      const auto input = std::views::iota(std::size_t{0}, std::size_t{1024} * threads);
      try {
        runtime.run([&](pg::Context& me) {
          mr::HashContainer<int, int> out;
          mr::apply_map(me, input, [&](std::size_t, auto& o) {
            if (me.thread() == 0) throw std::runtime_error("thread 0 failed");
            if (calls[static_cast<std::size_t>(me.thread())]++ == 0) {
              for (;;) {
                try {
                  me.throw_if_cancelled();
                } catch (const pgasmr::error&) {
                  break;
                }
                std::this_thread::yield();
              }
            }
            o.emit(0, 1);
          }, out, distribution);
          mr::apply_reduce(me, out, mr::all);
        });
        ADD_FAILURE() << "run() returned normally";
      } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "thread 0 failed");
      }
      for (std::size_t t = 1; t < threads; ++t) EXPECT_LE(calls[t].load(), 65u) << "thread " << t;
    }
  }
}

TEST(Errors, StoppedDynamicClaimsLeaveNothingToClaim) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    mr::detail::DynamicClaims claims(me, 1000, 7);
    if (me.thread() == 0) claims.stop();
    me.barrier();
    EXPECT_EQ(claims.next(), std::nullopt);
    me.barrier();
  });
}

TEST(Errors, ArrayContainerKeyOutOfRangeInMapReachesTheCaller) {
  SKIP_UNDER_MPI();
  expect_failure<std::out_of_range>([&](pg::Context& me) {
    mr::ArrayContainer<std::uint64_t> histogram(50);
    mr::apply_map(me, elements, [](int i, auto& o) { o.emit(static_cast<std::size_t>(i == 99 ? 50 : i % 50), 1); }, histogram,
                  mr::dynamic(3));
    mr::apply_reduce(me, histogram, mr::by_key());
  }, "key 50 is outside [0, 50)");
}

TEST(Errors, ReduceExceptionOnOneThreadReachesTheCaller) {
  SKIP_UNDER_MPI();
  // A combiner that fails once the sum passes 4000 (of 4950): in the local fold with one
  // thread, else only on the root, which alone folds everything under root(t); the others are
  // then already waiting in the barrier after apply_reduce.
  expect_failure<std::domain_error>([&](pg::Context& me) {
    auto checked_sum = [](int a, int b) {
      if (a + b > 4000) throw std::domain_error("sum over 4000");
      return a + b;
    };
    mr::ListContainer<int, int> values;
    mr::apply_map(me, elements, [](int i, auto& o) { o.emit(0, i); }, values, mr::cyclic());
    mr::apply_reduce(me, values, mr::root(me.threads() - 1), checked_sum);
    me.barrier();
  }, "sum over 4000");
  // The array-based user reduce, failing on the last thread only.
  expect_failure<std::logic_error>([&](pg::Context& me) {
    mr::ListContainer<int, int> pairs;
    mr::apply_map(me, elements, [](int i, auto& o) { o.emit(i, i); }, pairs);
    mr::apply_reduce_array(me, pairs, mr::all, [&](std::span<const int>, std::span<const int>) {
      if (me.thread() == me.threads() - 1) throw std::logic_error("reducefunc failed");
      return 0;
    });
    me.barrier();
  }, "reducefunc failed");
}

TEST(Errors, BarrierWhileTheOthersReduceIsRefused) {
  SKIP_UNDER_MPI();
  // Thread 0's barriers met the reduce's own steps: the reduce read addresses thread 0 never
  // posted (a crash). Now the mismatch, or thread 0's early return, fails the run.
  for (std::size_t threads : {2, 3, 8}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    pgasmr::test::expect_error([&] {
      pgasmr::test::run_spmd(threads, [](pg::Context& me) {
        if (me.thread() == 0) {
          for (int k = 0; k < 3; ++k) me.barrier();
          return;
        }
        mr::HashContainer<int, int, mr::sum> sums;
        mr::apply_map(me, elements, [](int i, auto& o) { o.emit(i % 7, i); }, sums);
        (void)mr::apply_reduce(me, sums, mr::all);
      });
    }, "same collective calls");
  }
}

TEST(Errors, ArrayContainersOfDifferentKeyCountsAreRefused) {
  SKIP_UNDER_MPI();
  // `all` gave 20 keys, by_key(then_gather_all) 6 or 8, by_key "key 18 is outside [0, 18)".
  for (std::size_t threads : {2, 3, 8}) {
    for (auto mode : {mr::all, mr::root(1), mr::by_key(), mr::by_key(mr::then_gather_all)}) {
      SCOPED_TRACE("threads " + std::to_string(threads));
      pgasmr::test::expect_error<std::invalid_argument>([&] {
        pgasmr::test::run_spmd(threads, [&](pg::Context& me) {
          mr::ArrayContainer<std::uint64_t> counts(static_cast<std::size_t>(20 - me.thread()));
          mr::apply_map(me, elements, [](int i, auto& o) { o.emit(static_cast<std::size_t>(i % 10), 1); }, counts);
          (void)mr::apply_reduce(me, counts, mode);
        });
      }, "ArrayContainers have from " + std::to_string(21 - threads) + " to 20 keys");
    }
  }
}

TEST(Errors, BadWeightsAreRefusedOnEveryThread) {
  SKIP_UNDER_MPI();
  std::vector<std::uint64_t> too_few(99, 1);
  expect_failure<std::invalid_argument>([&](pg::Context& me) {
    mr::HashContainer<int, int> out;
    mr::apply_map(me, elements, [](int i, auto& o) { o.emit(i, 1); }, out, mr::balanced(too_few));
  }, "weights has 99 entries; it needs 100");
  expect_failure<std::invalid_argument>([&](pg::Context& me) {
    mr::HashContainer<int, int> out;
    mr::apply_map(me, elements, [](int i, auto& o) { o.emit(i, 1); }, out, mr::best_fit(too_few));
  }, "weights has 99 entries; it needs 101");
}

TEST(Errors, RootsOutsideTheJobAreRefused) {
  SKIP_UNDER_MPI();
  expect_failure<std::invalid_argument>([&](pg::Context& me) {
    mr::HashContainer<int, int> out;
    mr::apply_reduce(me, out, mr::root(me.threads()));
  }, "is not a thread of the job");
  expect_failure<std::invalid_argument>([&](pg::Context& me) {
    mr::ListContainer<int, int> out;
    mr::apply_reduce(me, out, mr::by_key(mr::then_gather_root(-1)), mr::sum{});
  }, "final gather root -1 is not a thread of the job");
  expect_failure<std::invalid_argument>([&](pg::Context& me) {
    mr::ListContainer<int, int> out;
    mr::apply_reduce_array(me, out, mr::root(-2), [](std::span<const int>, std::span<const int>) { return 0; });
  }, "root -2");
}

TEST(ReduceModes, NamesRoundTrip) {
  for (auto mode : {mr::no_comm, mr::all, mr::root(3), mr::by_key(), mr::by_key(mr::then_gather_all), mr::by_key(mr::then_gather_root(2))}) {
    auto parsed = mr::parse_reduce_mode(mr::to_string(mode));
    ASSERT_TRUE(parsed.has_value()) << mr::to_string(mode);
    EXPECT_EQ(mr::to_string(*parsed), mr::to_string(mode));
  }
  EXPECT_EQ(mr::to_string(*mr::parse_reduce_mode("root")), "root(0)");
  for (auto bad : {"", "ALL", "root(", "root()", "root(-1)", "root(1x)", "by_key+", "by_key+gather_none", "by_keys"})
    EXPECT_FALSE(mr::parse_reduce_mode(bad).has_value()) << bad;
}

}  // namespace
