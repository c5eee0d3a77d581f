// The debug mode (PGASMR_COLL_DEBUG=1, set by ctest for this binary): members that pass
// different arguments to one collective get a clear error instead of a wrong result.

#include <gtest/gtest.h>

#include <functional>
#include <span>
#include <string>
#include <vector>

#include <pgasmr/collectives.hpp>

#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;

TEST(DebugCheck, agreeing_arguments_pass) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    std::vector<int> src(2, me.thread()), dst(2 * static_cast<std::size_t>(me.threads()), -1);
    coll::allgather(me, dst, src, 2);
    for (int r = 0; r < me.threads(); ++r) EXPECT_EQ(dst[2 * static_cast<std::size_t>(r) + 1], r);
  });
}

TEST(DebugCheck, disagreeing_counts_are_refused_on_every_thread) {
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "a refused argument ends an MPI job by design";
  for (std::size_t threads : {2, 3, 8}) {
    try {
      pgasmr::test::run_spmd(threads, [](pg::Context& me) {
        std::size_t count = me.thread() == 1 ? 1 : 2;  // thread 1 disagrees
        std::vector<int> src(2, 0), dst(2 * static_cast<std::size_t>(me.threads()));
        coll::allgather(me, dst, std::span(src).first(count), count);
        ADD_FAILURE() << "a collective with disagreeing counts returned";
      });
      ADD_FAILURE() << "no error";
    } catch (const pgasmr::error& e) {
      EXPECT_NE(std::string(e.what()).find("disagree"), std::string::npos) << e.what();
    }
  }
}

TEST(DebugCheck, disagreeing_roots_are_refused) {
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "a refused argument ends an MPI job by design";
  EXPECT_THROW(pgasmr::test::run_spmd(4,
                                      [](pg::Context& me) {
                                        std::vector<int> buffer(3, me.thread());
                                        coll::broadcast(me, coll::in_place, buffer, 3,
                                                        {.root = me.thread() == 2 ? 1 : 0});
                                      }),
               pgasmr::error);
}

/// Runs `body` on `threads` threads; the job must fail with the debug check's refusal.
void expect_disagreement(std::size_t threads, const std::function<void(pg::Context&)>& body) {
  try {
    pgasmr::test::run_spmd(threads, body);
    ADD_FAILURE() << "no error";
  } catch (const pgasmr::error& e) {
    EXPECT_NE(std::string(e.what()).find("disagree"), std::string::npos) << e.what();
  }
}

// Small reductions of private inputs take the eager path, which has no plan to compare: without
// the check these passed unnoticed (a wrong root's member waited forever; a different operator
// or type folded garbage).
TEST(DebugCheck, reductions_whose_members_disagree_are_refused) {
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "a refused argument ends an MPI job by design";
  for (std::size_t threads : {2, 3}) {
    SCOPED_TRACE(threads);
    expect_disagreement(threads, [](pg::Context& me) {  // roots
      std::vector<int> src(4, 1), dst(1);
      coll::reduce(me, dst, src, coll::op::add{}, {.root = me.thread() == 1 ? 1 : 0});
    });
    expect_disagreement(threads, [](pg::Context& me) {  // operators
      std::vector<int> src(4, 1), dst(1);
      if (me.thread() == 1) coll::allreduce(me, dst, src, coll::op::max{});
      else coll::allreduce(me, dst, src, coll::op::add{});
    });
    expect_disagreement(threads, [](pg::Context& me) {  // element types
      if (me.thread() == 1) {
        std::vector<float> src(4, 1), dst(1);
        coll::allreduce(me, dst, src);
      } else {
        std::vector<int> src(4, 1), dst(1);
        coll::allreduce(me, dst, src);
      }
    });
    expect_disagreement(threads, [](pg::Context& me) {  // operations
      std::vector<int> src(4, 1), dst(4);
      if (me.thread() == 1) coll::prefix_reduce(me, dst, src);
      else coll::allreduce(me, std::span(dst).first(1), src);
    });
    expect_disagreement(threads, [](pg::Context& me) {  // reduce_scatter's block count
      std::vector<int> src(2 * static_cast<std::size_t>(me.threads()), 1), dst(2);
      coll::reduce_scatter(me, dst, src, me.thread() == 1 ? 1 : 2);
    });
  }
}

TEST(DebugCheck, agreeing_reductions_pass) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    std::vector<long> src(5, me.thread() + 1), one(1), scanned(5);
    coll::allreduce(me, one, src);
    long n = me.threads();
    EXPECT_EQ(one[0], 5 * n * (n + 1) / 2);
    coll::reduce(me, one, src, coll::op::max{}, {.root = me.threads() - 1});
    if (me.thread() == me.threads() - 1) {
      EXPECT_EQ(one[0], n);
    }
    coll::prefix_reduce(me, scanned, src);
    EXPECT_EQ(scanned[4], 5L * me.thread() * (me.thread() + 1) / 2 + 5L * (me.thread() + 1));
  });
}
