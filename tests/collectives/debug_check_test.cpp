// The debug mode (PGASMR_COLL_DEBUG=1, set by ctest for this binary): members that pass
// different arguments to one collective get a clear error instead of a wrong result.

#include <gtest/gtest.h>

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
