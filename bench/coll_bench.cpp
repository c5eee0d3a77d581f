// pgasmr-bench-coll: Google Benchmark suite of the extended collectives, after UOMS (the UPC
// Operations Microbenchmarking Suite): latency and aggregated bandwidth of every collective
// below, for every Algorithm, from 4 B to 16 MiB. bench/mpi_coll_bench.cpp measures the
// matching Open MPI collectives the same way; bench/compare-collectives runs both and joins them.
//
// Reported dimensions
//   processes x threads per process (runtime flags / mpirun -np; n = every thread takes part,
//   the world team, root 0), the collective, the algorithm (every coll::Algorithm: automatic,
//   flat, native, binomial, pairwise, bruck; they differ between processes, and inside a
//   process only for the in-place exchange) and BYTES, the message size per thread: the block
//   one thread sends or receives, as in UOMS. For broadcast, the block the root sends to every member; scatter and gather, each
//   member's block (the root's buffer holds n of them); allgather and allgather-v, the block
//   each member contributes (its destination receives n blocks); exchange, the block one member
//   sends to each member (source and destination hold n blocks each); reduce and allreduce, each
//   member's input: BYTES / 8 doubles (so they start at 8 B).
//
// Measurements (wall-clock time on thread 0 of process 0; one iteration = one call of the
// collective on every thread, back to back; Google Benchmark appends /real_time to each name)
//   coll/broadcast/ALGORITHM/BYTES                coll::broadcast, private src -> private dst
//   coll/broadcast_in_place_priv/ALGORITHM/BYTES  coll::broadcast(coll::in_place, ...): the root's
//                                                 private buffer is the source, the others'
//                                                 theirs the destination (what MPI_Bcast does)
//   coll/scatter/ALGORITHM/BYTES                  coll::scatter (priv)
//   coll/gather/ALGORITHM/BYTES                   coll::gather (priv)
//   coll/allgather/ALGORITHM/BYTES                coll::allgather (priv)
//   coll/allgather_v_priv/ALGORITHM/BYTES         coll::allgather_v, every count BYTES, default
//                                                 (packed) displacements (priv)
//   coll/exchange/ALGORITHM/BYTES                 coll::exchange (priv)
//   coll/exchange_in_place_priv/ALGORITHM/BYTES   coll::exchange(coll::in_place, ...) on one
//                                                 private buffer of n blocks
//   coll/reduce/ALGORITHM/BYTES                   coll::reduce with op::add of a private span of
//                                                 BYTES / 8 doubles per thread: pgasmr folds the
//                                                 whole distributed input into ONE value at the
//                                                 root (not elementwise like MPI_Reduce)
//   coll/allreduce/ALGORITHM/BYTES                coll::allreduce, the same fold, to every member
//   baseline/memcpy/BYTES                         std::memcpy of BYTES between two private
//                                                 buffers of thread 0 (the others wait)
//   baseline/process_vm_readv/BYTES               the same copy through Linux's cross-memory
//                                                 attach (the process reading itself), as the
//                                                 single-copy path moves another process's bytes
//   Time is the latency of one call. Bandwidth (Google Benchmark's bytes_per_second, G/s in the
//   console) is aggregated: the bytes the collective delivers in total per call over the time
//   of one call, i.e. BYTES x n for broadcast, scatter, gather, reduce and allreduce, and
//   BYTES x n x n for allgather, allgather-v, exchange and exchange in place (a member's own
//   block counts, also where the in-place form leaves it where it is). The MPI suite counts the
//   same way, so bandwidth ratios are inverse latency ratios. memcpy: BYTES per call.
//
// Synchronisation: by default every call passes Options::sync = {InSync::none, OutSync::my},
// which is exactly what an MPI collective guarantees (it starts with the caller's own private
// buffers and returns once they are complete and free again); --sync all uses pgasmr's default
// {InSync::all, OutSync::all}, a full team barrier on entry and on exit.
//
// How it works
//   bench/spmd_driver.hpp: thread 0 of process 0 runs Google Benchmark; before each timed loop
//   it orders every other thread to run the same collective as often as the loop will run.
//   Buffers are private std::vectors of each thread, written once before the first run (so
//   their pages are in), and reused by every call.
//
// Knobs
//   --sync mpi|all (see above). Runtime flags (parsed by pg::Runtime, also as environment
//   variables): --threads N (PGASMR_THREADS), --pin, --transport, ... Every other argument goes
//   to Google Benchmark: --benchmark_filter=REGEX, --benchmark_min_time=SECONDS,
//   --benchmark_repetitions=N, --benchmark_format=console|json|csv, ... ; --help prints them all.
//   Each thread holds (3 n + 1) x 16 MiB of buffers.
//
// How to run (from the build directory; bench/compare-collectives runs every configuration
// and the Open MPI suite, and prints one CSV)
//   bench/pgasmr-bench-coll --threads 2 --benchmark_min_time=0.1          # inside a process
//   across processes (one line):
//   mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 bench/pgasmr-bench-coll --threads 1
//   bench/pgasmr-bench-coll --threads 2 --benchmark_filter='broadcast/automatic/8/'

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <sys/uio.h>
#include <unistd.h>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas.hpp>

#include "benchmark_arguments.hpp"
#include "benchmark_names.hpp"
#include "collective_sweep.hpp"
#include "exit_status.hpp"
#include "spmd_driver.hpp"

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;
using pgasmr::bench::Command;
using pgasmr::bench::SpmdDriver;

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
    "usage: pgasmr-bench-coll [--sync mpi|all] [runtime options] [Google Benchmark options]\n"
    "Latency and aggregated bandwidth (4 B .. 16 MiB per thread) of broadcast, broadcast in place\n"
    "(priv), scatter, gather, allgather, allgather_v (priv), exchange, exchange in place (priv),\n"
    "reduce and allreduce on private buffers, for every algorithm, plus memcpy and\n"
    "process_vm_readv baselines. See bench/coll_bench.cpp.\n"
    "  --sync mpi   Options::sync = {InSync::none, OutSync::my}, an MPI collective's guarantees (default)\n"
    "  --sync all   pgasmr's default {InSync::all, OutSync::all}\n"
    "Run across processes with: mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 \\\n"
    "    pgasmr-bench-coll --threads 1\n"
    "Runtime options:\n";

struct AlgorithmName {
  coll::Algorithm algorithm;
  std::string_view name;
};
/// Every coll::Algorithm (a new one belongs here too).
constexpr std::array algorithms{AlgorithmName{coll::Algorithm::automatic, "automatic"},
                                AlgorithmName{coll::Algorithm::flat, "flat"},
                                AlgorithmName{coll::Algorithm::native, "native"},
                                AlgorithmName{coll::Algorithm::binomial, "binomial"},
                                AlgorithmName{coll::Algorithm::pairwise, "pairwise"},
                                AlgorithmName{coll::Algorithm::bruck, "bruck"}};

/// What every thread works with: its private buffers and the calls' options.
struct Thread {
  pg::Context* me = nullptr;
  coll::Sync sync{coll::InSync::none, coll::OutSync::my};
  std::size_t n = 0;
  std::vector<std::byte> source, destination, buffer;  // n x max_bytes each
  std::vector<double> input;                           // max_bytes / 8
  std::vector<std::size_t> counts;                     // n entries, for allgather_v
  double result = 0;

  Thread(pg::Context& context, coll::Sync s)
      : me(&context),
        sync(s),
        n(static_cast<std::size_t>(context.threads())),
        source(n * max_bytes, std::byte{1}),
        destination(n * max_bytes, std::byte{2}),
        buffer(n * max_bytes, std::byte{3}),
        input(max_bytes / sizeof(double), 1.0),
        counts(n, 0) {}

  /// One call of collective `action` (index into collectives x algorithms) of `bytes`.
  void run(std::uint64_t action, std::size_t bytes) {
    const auto& collective = swept_collectives[action / algorithms.size()];
    coll::Options options{.sync = sync, .algorithm = algorithms[action % algorithms.size()].algorithm};
    auto& m = *me;
    std::span<std::byte> one_src(source.data(), bytes), all_src(source.data(), n * bytes);
    std::span<std::byte> one_dst(destination.data(), bytes), all_dst(destination.data(), n * bytes);
    std::span<double> doubles(input.data(), bytes / sizeof(double));
    std::span<double> result_span(&result, 1);
    switch (collective.kind) {
      case CollectiveKind::broadcast: coll::broadcast(m, one_dst, one_src, bytes, options); break;
      case CollectiveKind::broadcast_in_place_priv:
        coll::broadcast(m, coll::in_place, std::span<std::byte>(buffer.data(), bytes), bytes, options);
        break;
      case CollectiveKind::scatter: coll::scatter(m, one_dst, all_src, bytes, options); break;
      case CollectiveKind::gather: coll::gather(m, all_dst, one_src, bytes, options); break;
      case CollectiveKind::allgather: coll::allgather(m, all_dst, one_src, bytes, options); break;
      case CollectiveKind::allgather_v_priv:
        std::fill(counts.begin(), counts.end(), bytes);
        coll::allgather_v(m, all_dst, one_src, counts, {}, options);
        break;
      case CollectiveKind::exchange: coll::exchange(m, all_dst, all_src, bytes, options); break;
      case CollectiveKind::exchange_in_place_priv:
        coll::exchange(m, coll::in_place, std::span<std::byte>(buffer.data(), n * bytes), bytes, options);
        break;
      case CollectiveKind::reduce: coll::reduce(m, result_span, doubles, coll::op::add{}, options); break;
      case CollectiveKind::allreduce: coll::allreduce(m, result_span, doubles, coll::op::add{}, options); break;
    }
  }
};

SpmdDriver* driver = nullptr;
Thread* leader = nullptr;

void coll_bench(benchmark::State& state, std::uint64_t action, std::size_t bytes) {
  // One untimed call first: the first call of a shape pays for its plan and first-touched
  // pages, which in a short run (--quick) could weigh more than all the timed calls.
  driver->order({action, bytes, static_cast<std::uint64_t>(state.max_iterations) + 1});
  leader->run(action, bytes);
  for (auto _ : state) {
    leader->run(action, bytes);
    benchmark::ClobberMemory();
  }
  const auto& collective = swept_collectives[action / algorithms.size()];
  set_bytes(state, delivered_bytes(collective, bytes, leader->n));
}

void memcpy_bench(benchmark::State& state, std::size_t bytes) {
  for (auto _ : state) {
    std::memcpy(leader->destination.data(), leader->source.data(), bytes);
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes);
}

void process_vm_readv_bench(benchmark::State& state, std::size_t bytes) {
  for (auto _ : state) {
    iovec to{leader->destination.data(), bytes}, from{leader->source.data(), bytes};
    if (process_vm_readv(getpid(), &to, 1, &from, 1, 0) != static_cast<ssize_t>(bytes)) {
      state.SkipWithError("process_vm_readv failed");
      break;
    }
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes);
}

void register_benchmarks(const pg::Context& me, std::string_view sync_name) {
  for (std::size_t c = 0; c < swept_collectives.size(); ++c)
    for (std::size_t a = 0; a < algorithms.size(); ++a)
      for (auto bytes : sweep_sizes()) {
        if (bytes < swept_collectives[c].min_bytes) continue;
        auto name = join({"coll/", swept_collectives[c].name, "/", algorithms[a].name, "/", std::to_string(bytes)});
        benchmark::RegisterBenchmark(name.c_str(), coll_bench, c * algorithms.size() + a, bytes)
            ->UseRealTime()
            ->Unit(unit_for(bytes));
      }
  for (auto bytes : sweep_sizes()) {
    benchmark::RegisterBenchmark(join({"baseline/memcpy/", std::to_string(bytes)}).c_str(), memcpy_bench, bytes)
        ->UseRealTime()
        ->Unit(unit_for(bytes));
    benchmark::RegisterBenchmark(join({"baseline/process_vm_readv/", std::to_string(bytes)}).c_str(),
                                 process_vm_readv_bench, bytes)
        ->UseRealTime()
        ->Unit(unit_for(bytes));
  }

  benchmark::AddCustomContext("pgasmr.processes", std::to_string(me.processes()));
  benchmark::AddCustomContext("pgasmr.threads_per_process", std::to_string(me.threads_per_process()));
  benchmark::AddCustomContext("pgasmr.sync", std::string(sync_name));
}

}  // namespace

int main(int argc, char** argv) try {
  pg::Runtime runtime(argc, argv);
  bool printer = runtime.process() == 0;

  // Our own flag first; then --help and Google Benchmark's flags.
  coll::Sync sync{coll::InSync::none, coll::OutSync::my};
  std::string sync_name = "mpi";
  bool sync_given = false;
  std::vector<std::string> args = runtime.remaining_arguments(), others;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& arg = args[i];
    if (arg == "--sync" || arg.starts_with("--sync=")) {
      if (std::exchange(sync_given, true)) {
        if (printer) std::fprintf(stderr, "pgasmr-bench-coll: --sync is given twice (see --help)\n");
        return 2;
      }
      std::string value;
      if (arg == "--sync") {
        if (i + 1 == args.size()) {
          if (printer) std::fprintf(stderr, "pgasmr-bench-coll: --sync needs mpi or all (see --help)\n");
          return 2;
        }
        value = args[++i];
      } else {
        value = arg.substr(7);
      }
      if (value == "all") {
        sync = {};
      } else if (value != "mpi") {
        if (printer) std::fprintf(stderr, "pgasmr-bench-coll: --sync takes mpi or all, not '%s' (see --help)\n",
                               value.c_str());
        return 2;
      }
      sync_name = value;
      continue;
    }
    others.push_back(arg);
  }
  if (auto status = pgasmr::bench::take_benchmark_arguments("pgasmr-bench-coll", join({usage, pg::Config::help()}),
                                                             printer, argc > 0 ? argv[0] : nullptr, std::move(others)))
    return *status;

  bool ran_some = !printer;  // the leader's answer
  runtime.run([&](pg::Context& me) {
    SpmdDriver spmd(me);
    {
      Thread thread(me, sync);
      if (spmd.leads()) {
        driver = &spmd;
        leader = &thread;
        register_benchmarks(me, sync_name);
        ran_some = pgasmr::bench::run_selected_benchmarks("pgasmr-bench-coll");
        spmd.stop();
        driver = nullptr;
        leader = nullptr;
      } else {
        spmd.follow([&](const Command& command) {
          for (std::uint64_t i = 0; i < command.iterations; ++i) thread.run(command.action, command.argument);
        });
      }
    }
    spmd.close();
  });
  benchmark::Shutdown();
  return ran_some ? 0 : 2;
} catch (const std::exception& e) {
  return pgasmr::bench::exit_status_of("pgasmr-bench-coll", e);
}
