#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/runtime.hpp>

#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;

TEST(Runtime, thread_ids_are_contiguous_per_process) {
  for (auto threads : pgasmr::test::thread_counts()) {
    std::atomic<int> calls{0};
    pgasmr::test::run_spmd(threads, [&](pg::Context& me) {
      calls.fetch_add(1);
      EXPECT_EQ(me.threads(), me.processes() * me.threads_per_process());
      EXPECT_EQ(me.threads_per_process(), static_cast<int>(threads));
      EXPECT_EQ(me.thread(), me.process() * me.threads_per_process() + me.local_thread());
    });
    EXPECT_EQ(calls.load(), static_cast<int>(threads));
  }
}

TEST(Runtime, refuses_a_run_inside_a_run) {
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "under mpirun a failed job ends every process by design";
  // The inner run would reset the running job's heap tables (and, across processes, wait on
  // collectives the other processes never make): refused, and the outer job fails with it.
  pg::Runtime runtime(pgasmr::test::config_for(2));
  try {
    runtime.run([&](pg::Context& me) {
      if (me.thread() == 0) runtime.run([](pg::Context&) {});
    });
    ADD_FAILURE() << "the nested run was accepted";
  } catch (const pgasmr::error& e) {
    EXPECT_NE(std::string(e.what()).find("do not nest"), std::string::npos) << e.what();
  }
  std::atomic<int> calls{0};
  runtime.run([&](pg::Context&) { calls.fetch_add(1); });  // a run after it works
  EXPECT_EQ(calls.load(), 2 * runtime.processes());
}
