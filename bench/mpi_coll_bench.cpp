// pgasmr-bench-mpi-coll: the Open MPI collectives that match pgasmr's, measured as
// bench/coll_bench.cpp measures those (same names, sizes and byte counts), for comparison.
//
// Reported dimensions
//   number of processes n (mpirun -np; MPI_COMM_WORLD, root 0), the collective and BYTES, the
//   message size per process: the block one process sends or receives (see coll_bench.cpp).
//
// Measurements (wall-clock time on rank 0; one iteration = one call on every rank, back to back)
//   mpi/broadcast/BYTES                MPI_Bcast of BYTES
//   mpi/scatter/BYTES                  MPI_Scatter, BYTES per rank
//   mpi/gather/BYTES                   MPI_Gather, BYTES per rank
//   mpi/allgather/BYTES                MPI_Allgather, BYTES per rank
//   mpi/allgather_v_priv/BYTES         MPI_Allgatherv, every count BYTES, packed displacements
//   mpi/exchange/BYTES                 MPI_Alltoall, BYTES per pair of ranks
//   mpi/exchange_in_place_priv/BYTES   MPI_Alltoall with MPI_IN_PLACE on one buffer of n blocks
//   mpi/reduce/BYTES                   the sum of BYTES / 8 local doubles (a plain loop, as
//                                      pgasmr's fold), then MPI_Reduce(MPI_SUM) of that one double
//   mpi/allreduce/BYTES                the same local sum, then MPI_Allreduce of one double
//   baseline/memcpy/BYTES              std::memcpy of BYTES between two private buffers of rank 0
//   BYTES: 4 B, 8 B, then x4 steps from 16 B to 16 MiB (reduce and allreduce from 8 B).
//   Bandwidth (bytes_per_second) is aggregated as in coll_bench.cpp: BYTES x n per call for
//   broadcast, scatter, gather, reduce, allreduce; BYTES x n x n for allgather(v) and the
//   all-to-alls; BYTES per call for memcpy.
//   Every name gets the suffix /real_time from Google Benchmark.
//
// How it works
//   MPI_Init (MPI_THREAD_SINGLE: Open MPI at its fastest, no locks in its progress engine), or
//   with --thread-multiple MPI_Init_thread(MPI_THREAD_MULTIPLE), the level pgasmr runs at.
//   Rank 0 runs the benchmarks; before each timed loop it broadcasts (MPI_Ibcast) an order:
//   which collective, which size, how many iterations (state.max_iterations). The other ranks
//   wait for orders in MPI_Test with short sleeps, so they do not steal a core from rank 0's
//   memcpy baseline; 0 iterations = stop. Only rank 0 prints.
//
// Knobs
//   Google Benchmark's flags (--benchmark_filter, --benchmark_min_time, --benchmark_format, ...);
//   --thread-multiple; --help.
//
// How to run (from the build directory)
//   mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 bench/pgasmr-bench-mpi-coll --benchmark_min_time=0.1

#include <benchmark/benchmark.h>
#include <mpi.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "benchmark_arguments.hpp"
#include "benchmark_names.hpp"
#include "collective_sweep.hpp"
#include "mpi_orders.hpp"

namespace {

using pgasmr::bench::CollectiveKind;
using pgasmr::bench::delivered_bytes;
using pgasmr::bench::join;
using pgasmr::bench::max_bytes;
using pgasmr::bench::swept_collectives;
using pgasmr::bench::sweep_sizes;
using pgasmr::bench::set_bytes;
using pgasmr::bench::unit_for;

constexpr std::string_view usage =
    "usage: mpirun -np N pgasmr-bench-mpi-coll [--thread-multiple] [Google Benchmark options]\n"
    "Latency and aggregated bandwidth (4 B .. 16 MiB per rank) of MPI_Bcast, MPI_Scatter,\n"
    "MPI_Gather, MPI_Allgather, MPI_Allgatherv, MPI_Alltoall (also MPI_IN_PLACE), MPI_Reduce\n"
    "and MPI_Allreduce, plus a memcpy baseline. See bench/mpi_coll_bench.cpp.\n"
    "--thread-multiple  MPI_Init_thread(MPI_THREAD_MULTIPLE), pgasmr's thread level, where\n"
    "                   Open MPI locks in its progress engine (default MPI_Init: single)\n";

const pgasmr::bench::MpiOrders mpi("pgasmr-bench-mpi-coll");

/// Every rank's buffers (n x max_bytes each, written once so that their pages are in).
struct Rank {
  int n = 1;
  std::vector<std::byte> source, destination, buffer;
  std::vector<double> input;
  std::vector<int> counts, displacements;  // for MPI_Allgatherv
  double result = 0;

  explicit Rank(int size)
      : n(size),
        source(static_cast<std::size_t>(size) * max_bytes, std::byte{1}),
        destination(static_cast<std::size_t>(size) * max_bytes, std::byte{2}),
        buffer(static_cast<std::size_t>(size) * max_bytes, std::byte{3}),
        input(max_bytes / sizeof(double), 1.0),
        counts(static_cast<std::size_t>(size)),
        displacements(static_cast<std::size_t>(size)) {}

  double local_sum(std::size_t bytes) const {
    auto count = bytes / sizeof(double);
    double sum = input[0];
    for (std::size_t i = 1; i < count; ++i) sum += input[i];
    return sum;
  }

  void run(std::uint64_t action, std::size_t bytes) {
    auto c = static_cast<int>(bytes);
    auto* src = source.data();
    auto* dst = destination.data();
    switch (swept_collectives[action].kind) {
      case CollectiveKind::broadcast:
        mpi.check(MPI_Bcast(dst, c, MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Bcast");
        break;
      case CollectiveKind::broadcast_in_place_priv: break;  // not registered: see open_mpi_has_it
      case CollectiveKind::scatter:
        mpi.check(MPI_Scatter(src, c, MPI_BYTE, dst, c, MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Scatter");
        break;
      case CollectiveKind::gather:
        mpi.check(MPI_Gather(src, c, MPI_BYTE, dst, c, MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Gather");
        break;
      case CollectiveKind::allgather:
        mpi.check(MPI_Allgather(src, c, MPI_BYTE, dst, c, MPI_BYTE, MPI_COMM_WORLD), "MPI_Allgather");
        break;
      case CollectiveKind::allgather_v_priv:
        for (int r = 0; r < n; ++r) {
          counts[static_cast<std::size_t>(r)] = c;
          displacements[static_cast<std::size_t>(r)] = r * c;
        }
        mpi.check(MPI_Allgatherv(src, c, MPI_BYTE, dst, counts.data(), displacements.data(), MPI_BYTE, MPI_COMM_WORLD),
              "MPI_Allgatherv");
        break;
      case CollectiveKind::exchange:
        mpi.check(MPI_Alltoall(src, c, MPI_BYTE, dst, c, MPI_BYTE, MPI_COMM_WORLD), "MPI_Alltoall");
        break;
      case CollectiveKind::exchange_in_place_priv:
        mpi.check(MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, buffer.data(), c, MPI_BYTE, MPI_COMM_WORLD),
              "MPI_Alltoall");
        break;
      case CollectiveKind::reduce: {
        double sum = local_sum(bytes);
        mpi.check(MPI_Reduce(&sum, &result, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD), "MPI_Reduce");
        break;
      }
      case CollectiveKind::allreduce: {
        double sum = local_sum(bytes);
        mpi.check(MPI_Allreduce(&sum, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce");
        break;
      }
    }
  }
};

Rank* root = nullptr;

/// Rank 0's order to every rank: collective `action` of `bytes`, `iterations` times (0: stop).
void publish(std::array<std::uint64_t, 3> order) { mpi.publish(order); }

void follow(Rank& rank) {
  for (;;) {
    const auto order = mpi.next<3>();
    if (order[2] == 0) return;
    for (std::uint64_t i = 0; i < order[2]; ++i) rank.run(order[0], order[1]);
  }
}

void coll_bench(benchmark::State& state, std::uint64_t action, std::size_t bytes) {
  // One untimed call first, as pgasmr-bench-coll does.
  publish({action, bytes, static_cast<std::uint64_t>(state.max_iterations) + 1});
  root->run(action, bytes);
  for (auto _ : state) {
    root->run(action, bytes);
    benchmark::ClobberMemory();
  }
  set_bytes(state, delivered_bytes(swept_collectives[action], bytes, static_cast<std::size_t>(root->n)));
}

void memcpy_bench(benchmark::State& state, std::size_t bytes) {
  for (auto _ : state) {
    std::memcpy(root->destination.data(), root->source.data(), bytes);
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes);
}

/// Takes --thread-multiple out of argv; true when it was there.
bool take_thread_multiple(int& argc, char** argv) {
  bool found = false;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--thread-multiple")
      found = true;
    else
      argv[kept++] = argv[i];
  }
  argc = kept;
  return found;
}

}  // namespace

int main(int argc, char** argv) {
  const bool thread_multiple = take_thread_multiple(argc, argv);
  int provided = MPI_THREAD_SINGLE;
  if (thread_multiple)
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  else
    MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  if (auto status = pgasmr::bench::take_benchmark_arguments("pgasmr-bench-mpi-coll", usage, rank == 0, argc, argv)) {
    MPI_Finalize();
    return *status;
  }

  bool ran_some = rank != 0;  // rank 0's answer
  {
    Rank me(size);
    if (rank != 0) {
      follow(me);
    } else {
      root = &me;
      for (std::size_t c = 0; c < swept_collectives.size(); ++c)
        for (auto bytes : sweep_sizes()) {
          if (bytes < swept_collectives[c].min_bytes || !swept_collectives[c].open_mpi_has_it) continue;
          auto name = join({"mpi/", swept_collectives[c].name, "/", std::to_string(bytes)});
          benchmark::RegisterBenchmark(name.c_str(), coll_bench, c, bytes)->UseRealTime()->Unit(unit_for(bytes));
        }
      for (auto bytes : sweep_sizes())
        benchmark::RegisterBenchmark(join({"baseline/memcpy/", std::to_string(bytes)}).c_str(), memcpy_bench, bytes)
            ->UseRealTime()
            ->Unit(unit_for(bytes));
      benchmark::AddCustomContext("mpi.processes", std::to_string(size));
      benchmark::AddCustomContext("mpi.thread_level", provided == MPI_THREAD_MULTIPLE ? "multiple" : "single");
      ran_some = pgasmr::bench::run_selected_benchmarks("pgasmr-bench-mpi-coll");
      publish({0, 0, 0});
      root = nullptr;
    }
  }
  benchmark::Shutdown();
  MPI_Finalize();
  return ran_some ? 0 : 2;
}
