// pgasmr-bench-pgas: Google Benchmark microbenchmarks of the PGAS layer.
//
// Reported dimensions
//   processes x threads per process (from the runtime flags / mpirun -np), transfer size in bytes,
//   and where the target thread lives relative to the caller: `self` (the only thread),
//   `intra` (another thread of the same process) or `inter` (a thread of another process).
//
// Measurements (all in wall-clock time, one iteration = one operation; Google Benchmark appends
// /real_time to each name)
//   pgas/barrier/PxT          Context::barrier() over all P processes x T threads; the
//                             non-driving threads follow thread 0 (see "How it works").
//   pgas/get/WHERE            pg::get of one std::uint64_t (8 B) from the last thread.
//   pgas/put/WHERE            pg::put of one std::uint64_t (8 B) to the last thread.
//   pgas/memget/WHERE/BYTES   blocking memget of BYTES from the last thread's segment.
//   pgas/memput/WHERE/BYTES   blocking memput of BYTES to the last thread's segment.
//   baseline/memcpy/BYTES     std::memcpy of BYTES between two private buffers of thread 0.
//   BYTES runs from 8 B to 16 MiB in x4 steps (plus 16 MiB itself); the transfers report
//   bytes/s through state.SetBytesProcessed, so the console shows latency (Time) and bandwidth.
//
// How it works
//   Thread 0 of process 0 runs benchmark::RunSpecifiedBenchmarks; every other thread (in every
//   process) follows its orders through bench/spmd_driver.hpp. Only the barrier benchmark needs
//   them (it orders that many barriers); get/put are one-sided and need no participation from
//   the target. Only process 0 / thread 0 prints.
//
// Knobs
//   Runtime flags (parsed by pg::Runtime, also as environment variables): --threads N
//   (PGASMR_THREADS), --pin none|compact|spread (PGASMR_PIN), --transport auto|local|mpi
//   (PGASMR_TRANSPORT), --segment-size BYTES[K|M|G] (PGASMR_SEGMENT_SIZE; must hold 16 MiB plus
//   the system area; 64M is plenty).
//   Every other argument goes to Google Benchmark: --benchmark_filter=REGEX,
//   --benchmark_min_time=SECONDS, --benchmark_repetitions=N, --benchmark_format=json,
//   --benchmark_out=FILE, ... ; --help prints both sets.
//
// How to run (from the build directory; bench/run-pgas-bench runs both configurations)
//   bench/pgasmr-bench-pgas --threads 2 --benchmark_min_time=0.2             # inside a process
//   across processes (one line):
//   mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 bench/pgasmr-bench-pgas --threads 1 --benchmark_min_time=0.2
//   bench/pgasmr-bench-pgas --threads 4 --benchmark_filter=barrier           # barrier only

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/pgas.hpp>

#include "benchmark_arguments.hpp"
#include "benchmark_names.hpp"
#include "exit_status.hpp"
#include "spmd_driver.hpp"

namespace pg = pgasmr::pgas;

namespace {

using pgasmr::bench::join;
using pgasmr::bench::set_bytes;
using pgasmr::bench::size_name;
using pgasmr::bench::unit_for;

constexpr std::size_t min_bytes = 8;
constexpr std::size_t max_bytes = std::size_t{16} << 20;

constexpr std::string_view usage =
    "usage: pgasmr-bench-pgas [runtime options] [Google Benchmark options]\n"
    "Microbenchmarks of the PGAS layer: barrier latency, get/put latency, memget/memput\n"
    "bandwidth (8 B .. 16 MiB) from thread 0 to the last thread, and a private memcpy baseline.\n"
    "Run across processes with: mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 \\\n"
    "    pgasmr-bench-pgas --threads 1\n"
    "Runtime options:\n";

/// What the benchmark functions (all on thread 0 of process 0) work with.
struct Bench {
  pg::Context* me = nullptr;
  pgasmr::bench::SpmdDriver* driver = nullptr;  ///< orders the other threads
  pg::global_ptr<std::byte> target;             ///< max_bytes in the last thread's segment
  std::vector<std::byte> source;          ///< private buffers of thread 0
  std::vector<std::byte> destination;
};
Bench bench;

std::vector<std::size_t> sizes() {
  std::vector<std::size_t> result;
  for (std::size_t bytes = min_bytes; bytes < max_bytes; bytes *= 4) result.push_back(bytes);
  result.push_back(max_bytes);
  return result;
}

/// The followers' only order: barrier `iterations` times.
constexpr std::uint64_t barrier_action = 0;

void barrier_bench(benchmark::State& state) {
  bench.driver->order({barrier_action, 0, static_cast<std::uint64_t>(state.max_iterations)});
  for (auto _ : state) bench.me->barrier();
}

void get_bench(benchmark::State& state) {
  auto target = bench.target.reinterpret<std::uint64_t>();
  for (auto _ : state) benchmark::DoNotOptimize(pg::get(*bench.me, target));
  set_bytes(state, sizeof(std::uint64_t));
}

void put_bench(benchmark::State& state) {
  auto target = bench.target.reinterpret<std::uint64_t>();
  std::uint64_t value = 0;
  for (auto _ : state) pg::put(*bench.me, target, ++value);
  set_bytes(state, sizeof(std::uint64_t));
}

void memget_bench(benchmark::State& state, std::size_t bytes) {
  std::span<std::byte> destination(bench.destination.data(), bytes);
  for (auto _ : state) {
    pg::memget(*bench.me, destination, bench.target);
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes);
}

void memput_bench(benchmark::State& state, std::size_t bytes) {
  std::span<const std::byte> source(bench.source.data(), bytes);
  for (auto _ : state) {
    pg::memput(*bench.me, bench.target, source);
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes);
}

void memcpy_bench(benchmark::State& state, std::size_t bytes) {
  for (auto _ : state) {
    std::memcpy(bench.destination.data(), bench.source.data(), bytes);
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes);
}

void register_benchmarks(const pg::Context& me) {
  auto last = me.threads() - 1;
  std::string where = last == 0 ? "self" : (last / me.threads_per_process() == me.process() ? "intra" : "inter");
  auto shape = join({std::to_string(me.processes()), "x", std::to_string(me.threads_per_process())});

  benchmark::RegisterBenchmark(join({"pgas/barrier/", shape}).c_str(), barrier_bench)->UseRealTime();
  benchmark::RegisterBenchmark(join({"pgas/get/", where}).c_str(), get_bench)->UseRealTime();
  benchmark::RegisterBenchmark(join({"pgas/put/", where}).c_str(), put_bench)->UseRealTime();
  for (auto bytes : sizes()) {
    auto size = size_name(bytes);
    benchmark::RegisterBenchmark(join({"pgas/memget/", where, "/", size}).c_str(), memget_bench, bytes)
        ->UseRealTime()
        ->Unit(unit_for(bytes));
    benchmark::RegisterBenchmark(join({"pgas/memput/", where, "/", size}).c_str(), memput_bench, bytes)
        ->UseRealTime()
        ->Unit(unit_for(bytes));
  }
  for (auto bytes : sizes())
    benchmark::RegisterBenchmark(join({"baseline/memcpy/", size_name(bytes)}).c_str(), memcpy_bench, bytes)
        ->UseRealTime()
        ->Unit(unit_for(bytes));

  benchmark::AddCustomContext("pgasmr.processes", std::to_string(me.processes()));
  benchmark::AddCustomContext("pgasmr.threads_per_process", std::to_string(me.threads_per_process()));
  benchmark::AddCustomContext("pgasmr.target", join({"thread ", std::to_string(last), " (", where, ")"}));
}

}  // namespace

int main(int argc, char** argv) try {
  pg::Runtime runtime(argc, argv);
  bool printer = runtime.process() == 0;

  if (auto status = pgasmr::bench::take_benchmark_arguments("pgasmr-bench-pgas", join({usage, pg::Config::help()}),
                                                             printer, argc > 0 ? argv[0] : nullptr,
                                                             runtime.remaining_arguments()))
    return *status;

  bool ran_some = !printer;  // the leader's answer
  runtime.run([&](pg::Context& me) {
    pgasmr::bench::SpmdDriver driver(me);
    auto buffer = pg::all_alloc<std::byte>(me, static_cast<std::size_t>(me.threads()), max_bytes);
    auto last = me.threads() - 1;
    if (me.thread() == last) std::memset(buffer.on_thread(last).local(me), 1, max_bytes);  // fault the pages in
    me.barrier();
    if (!driver.leads()) {
      driver.follow([&](const pgasmr::bench::Command& command) {
        for (std::uint64_t i = 0; i < command.iterations; ++i) me.barrier();  // barrier_action
      });
    } else {
      bench.me = &me;
      bench.driver = &driver;
      bench.target = buffer.on_thread(last);
      bench.source.assign(max_bytes, std::byte{2});
      bench.destination.assign(max_bytes, std::byte{3});
      register_benchmarks(me);
      ran_some = pgasmr::bench::run_selected_benchmarks("pgasmr-bench-pgas");
      driver.stop();
      bench = Bench{};
    }
    me.barrier();
    pg::all_free(me, buffer);
    driver.close();
  });
  benchmark::Shutdown();
  return ran_some ? 0 : 2;
} catch (const std::exception& e) {
  return pgasmr::bench::exit_status_of("pgasmr-bench-pgas", e);
}
