#pragma once
// Runs a test body as an SPMD job at every shape the suite covers: 1, 2, 3, 4 and 8 threads in
// one process; under mpirun, the launched processes with PGASMR_THREADS threads each.
//
// Inside a body use EXPECT_*, never ASSERT_*: an ASSERT returns from one thread only, which
// would then skip the collective calls the other threads wait in. Throw to abort a body.

#include <cstddef>
#include <functional>
#include <vector>

#include <pgasmr/pgas/config.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::test {

/// True when this test binary was started by mpirun.
bool under_mpi();

/// Threads per process to test: {1, 2, 3, 4, 8} alone, {PGASMR_THREADS (default 2)} under mpirun.
std::vector<std::size_t> thread_counts();

/// The configuration for `threads` per process (small segments, transport from the launcher,
/// shared segments as PGASMR_SHARED_SEGMENTS says).
pgas::Config config_for(std::size_t threads);

/// Runs `body` on a fresh Runtime with `threads` threads per process.
void run_spmd(std::size_t threads, const std::function<void(pgas::Context&)>& body);

/// run_spmd at every entry of thread_counts(), with the count in the gtest trace.
void for_each_thread_count(const std::function<void(pgas::Context&)>& body);

}  // namespace pgasmr::test
