// pgasmr-bench-mpi-raw: Open MPI's own one-sided and barrier costs, the floor under pgasmr's
// MPI transport (see pgas_bench.cpp for the same measurements through the PGAS layer).
//
// Reported dimensions
//   number of processes (mpirun -np), transfer size in bytes; the target is the last rank.
//
// Measurements (wall-clock time, one iteration = one operation, on rank 0)
//   mpi/barrier/N        MPI_Barrier over MPI_COMM_WORLD (N processes).
//   mpi/get/BYTES        MPI_Get + MPI_Win_flush from the last rank's window.
//   mpi/put/BYTES        MPI_Put + MPI_Win_flush to the last rank's window.
//   BYTES runs from 8 B to 16 MiB in x4 steps (plus 16 MiB); bytes/s via SetBytesProcessed.
//   The window is set up as pgasmr's transport sets up its own: MPI_THREAD_MULTIPLE,
//   MPI_Win_allocate, MPI_Win_lock_all(MPI_MODE_NOCHECK), and osc/rdma ranked below osc/sm
//   (OMPI_MCA_osc_rdma_priority=50 unless already set), so the comparison is like for like.
//
// How it works
//   Rank 0 runs the benchmarks; the other ranks wait in MPI_Ibcast + MPI_Test with short sleeps
//   (so they do not steal a core while rank 0 measures get/put) for the number of barriers to
//   join, 0 = stop. Only rank 0 prints.
//
// Knobs
//   Google Benchmark's flags (--benchmark_filter, --benchmark_min_time, ...); --help.
//
// How to run (from the build directory)
//   mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 bench/pgasmr-bench-mpi-raw --benchmark_min_time=0.2

#include <benchmark/benchmark.h>
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "benchmark_arguments.hpp"
#include "benchmark_names.hpp"
#include "mpi_orders.hpp"

namespace {

using pgasmr::bench::join;
using pgasmr::bench::set_bytes;
using pgasmr::bench::size_name;
using pgasmr::bench::unit_for;

constexpr std::size_t min_bytes = 8;
constexpr std::size_t max_bytes = std::size_t{16} << 20;

struct Bench {
  MPI_Win window = MPI_WIN_NULL;
  int target = 0;
  std::vector<std::byte> buffer;
};
Bench bench;

const pgasmr::bench::MpiOrders mpi("pgasmr-bench-mpi-raw");

/// Rank 0's order: the number of barriers to join (0: stop).
void publish(std::uint64_t iterations) { mpi.publish(std::array{iterations}); }

void follow() {
  for (;;) {
    const auto iterations = mpi.next<1>()[0];
    if (iterations == 0) return;
    for (std::uint64_t i = 0; i < iterations; ++i) mpi.check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  }
}

void barrier_bench(benchmark::State& state) {
  publish(static_cast<std::uint64_t>(state.max_iterations));
  for (auto _ : state) MPI_Barrier(MPI_COMM_WORLD);
}

void get_bench(benchmark::State& state, std::size_t bytes) {
  auto n = static_cast<int>(bytes);
  for (auto _ : state) {
    MPI_Get(bench.buffer.data(), n, MPI_BYTE, bench.target, 0, n, MPI_BYTE, bench.window);
    MPI_Win_flush(bench.target, bench.window);
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes);
}

void put_bench(benchmark::State& state, std::size_t bytes) {
  auto n = static_cast<int>(bytes);
  for (auto _ : state) {
    MPI_Put(bench.buffer.data(), n, MPI_BYTE, bench.target, 0, n, MPI_BYTE, bench.window);
    MPI_Win_flush(bench.target, bench.window);
  }
  set_bytes(state, bytes);
}

}  // namespace

int main(int argc, char** argv) {
  setenv("OMPI_MCA_osc_rdma_priority", "50", 0);  // as pgasmr's MPI transport does
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  if (auto status = pgasmr::bench::take_benchmark_arguments(
          "pgasmr-bench-mpi-raw",
          "usage: mpirun -np N pgasmr-bench-mpi-raw [Google Benchmark options]\n"
          "MPI_Barrier and MPI_Get/MPI_Put + MPI_Win_flush (8 B .. 16 MiB) from rank 0 to the last rank.\n",
          rank == 0, argc, argv)) {
    MPI_Finalize();
    return *status;
  }

  void* base = nullptr;
  mpi.check(MPI_Win_allocate(static_cast<MPI_Aint>(max_bytes), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &bench.window),
        "MPI_Win_allocate");
  mpi.check(MPI_Win_lock_all(MPI_MODE_NOCHECK, bench.window), "MPI_Win_lock_all");
  std::fill_n(static_cast<std::byte*>(base), max_bytes, std::byte{1});  // fault the pages in
  MPI_Barrier(MPI_COMM_WORLD);

  bool ran_some = rank != 0;  // rank 0's answer
  if (provided < MPI_THREAD_MULTIPLE) {
    if (rank == 0) std::fprintf(stderr, "pgasmr-bench-mpi-raw: MPI_THREAD_MULTIPLE not provided\n");
  } else if (rank != 0) {
    follow();
  } else {
    bench.target = size - 1;
    bench.buffer.assign(max_bytes, std::byte{2});
    benchmark::RegisterBenchmark(join({"mpi/barrier/", std::to_string(size)}).c_str(), barrier_bench)->UseRealTime();
    std::vector<std::size_t> sizes;
    for (std::size_t bytes = min_bytes; bytes < max_bytes; bytes *= 4) sizes.push_back(bytes);
    sizes.push_back(max_bytes);
    for (auto bytes : sizes) {
      benchmark::RegisterBenchmark(join({"mpi/get/", size_name(bytes)}).c_str(), get_bench, bytes)->UseRealTime()->Unit(unit_for(bytes));
      benchmark::RegisterBenchmark(join({"mpi/put/", size_name(bytes)}).c_str(), put_bench, bytes)->UseRealTime()->Unit(unit_for(bytes));
    }
    benchmark::AddCustomContext("mpi.processes", std::to_string(size));
    benchmark::AddCustomContext("mpi.target", join({"rank ", std::to_string(size - 1)}));
    ran_some = pgasmr::bench::run_selected_benchmarks("pgasmr-bench-mpi-raw");
    publish(0);
  }

  MPI_Win_unlock_all(bench.window);
  MPI_Win_free(&bench.window);
  bench = Bench{};
  benchmark::Shutdown();
  MPI_Finalize();
  if (provided < MPI_THREAD_MULTIPLE) return 1;
  return ran_some ? 0 : 2;
}
