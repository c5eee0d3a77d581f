#include <gtest/gtest.h>

#include <atomic>

#include <pgasmr/pgas/context.hpp>
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
