#include <pgasmr/pgas/runtime.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/topology.hpp>

#include "config_limits.hpp"
#include "current_thread.hpp"
#include "job.hpp"
#include "machine.hpp"
#include "team_state.hpp"

namespace pgasmr::pgas {
namespace {

Config validated(Config config, const detail::Machine& machine) {
  if (!config.threads_per_process) config.threads_per_process = static_cast<std::size_t>(machine.usable_cores());
  detail::check_thread_count("Runtime", "threads per process", *config.threads_per_process);
  detail::check_segment_bytes("Runtime", "the shared segment", config.segment_bytes);
  // The segments lie back to back, so each must span whole alignment units for the offsets
  // that the heaps align (and atomics require aligned) to be aligned addresses on every thread.
  constexpr auto align = detail::SegmentLayout::alignment;
  if (config.segment_bytes > std::numeric_limits<std::size_t>::max() / *config.threads_per_process - align)
    throw_error("Runtime", "shared segments of " + std::to_string(config.segment_bytes) + " bytes for " +
                               std::to_string(*config.threads_per_process) + " threads overflow the address space");
  config.segment_bytes = (config.segment_bytes + align - 1) / align * align;
  return config;
}

std::unique_ptr<detail::Transport> make_transport(const Config& config) {
  auto threads = static_cast<int>(*config.threads_per_process);
  bool mpi = config.transport == TransportKind::mpi ||
             (config.transport == TransportKind::automatic && detail::launched_by_mpi());
  // The collectives stage private bytes for the other processes of a host in an area of a
  // quarter segment per thread beside the segments (untouched pages cost nothing).
  constexpr auto align = detail::SegmentLayout::alignment;
  auto staging_bytes = config.segment_bytes / 4 / align * align;
  return mpi ? detail::make_mpi_transport(config.segment_bytes, threads, config.shared_segments, staging_bytes)
             : detail::make_local_transport(config.segment_bytes, threads);
}

// What each process reports about itself, as plain bytes for the allgather.
struct HostRecord {
  char name[256];
  int packages, numa_nodes, cores, processing_units;
};
struct PlacementRecord {
  int package, numa_node, core;
};

std::unique_ptr<Topology> gather_topology(const Config& config, const detail::Machine& machine,
                                          detail::Transport& transport) {
  auto threads = static_cast<int>(*config.threads_per_process);
  auto summary = machine.summary();
  std::vector<std::byte> mine(sizeof(HostRecord) + sizeof(PlacementRecord) * static_cast<std::size_t>(threads));
  HostRecord host{};
  std::strncpy(host.name, summary.name.c_str(), sizeof(host.name) - 1);
  host.packages = summary.packages;
  host.numa_nodes = summary.numa_nodes;
  host.cores = summary.cores;
  host.processing_units = summary.processing_units;
  std::memcpy(mine.data(), &host, sizeof(host));
  for (int t = 0; t < threads; ++t) {
    auto p = machine.place(t, threads, config.pinning);
    PlacementRecord record{p.package, p.numa_node, p.core};
    std::memcpy(mine.data() + sizeof(host) + sizeof(record) * static_cast<std::size_t>(t), &record, sizeof(record));
  }
  auto everyone = mine;
  if (auto group = transport.world_group()) {
    std::vector<std::size_t> sizes;
    everyone = group->allgather(mine, sizes);
  }

  std::vector<HostSummary> hosts;
  std::vector<ThreadPlacement> placements;
  for (int process = 0; process < transport.processes(); ++process) {
    const auto* record = everyone.data() + mine.size() * static_cast<std::size_t>(process);
    std::memcpy(&host, record, sizeof(host));
    auto found = std::ranges::find(hosts, std::string(host.name), &HostSummary::name);
    auto host_index = static_cast<int>(found - hosts.begin());
    if (found == hosts.end())
      hosts.push_back({host.name, host.packages, host.numa_nodes, host.cores, host.processing_units});
    for (int t = 0; t < threads; ++t) {
      PlacementRecord p;
      std::memcpy(&p, record + sizeof(host) + sizeof(p) * static_cast<std::size_t>(t), sizeof(p));
      placements.push_back(ThreadPlacement{.thread = process * threads + t, .process = process, .local_thread = t,
                                            .host = host_index, .package = p.package, .numa_node = p.numa_node,
                                            .core = p.core});
    }
  }
  return std::make_unique<Topology>(std::move(placements), std::move(hosts));
}

}  // namespace

Runtime::Runtime(Config config) : machine_(std::make_unique<detail::Machine>()) {
  config_ = validated(config, *machine_);
  transport_ = make_transport(config_);
  topology_ = gather_topology(config_, *machine_, *transport_);
}

Runtime::Runtime(int argc, char** argv) : machine_(std::make_unique<detail::Machine>()) {
  std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  config_ = validated(Config::from_arguments(args), *machine_);
  remaining_ = std::move(args);
  transport_ = make_transport(config_);
  topology_ = gather_topology(config_, *machine_, *transport_);
}

Runtime::~Runtime() = default;

int Runtime::processes() const noexcept { return transport_->processes(); }
int Runtime::process() const noexcept { return transport_->process(); }
int Runtime::threads() const noexcept { return processes() * static_cast<int>(*config_.threads_per_process); }

namespace {

/// Marks a job running in this process for its lifetime. A run inside a run would reset the
/// running job's heap tables (and, between processes, wait on collectives the others never make).
class RunningJob {
 public:
  RunningJob() {
    if (running_.exchange(true))
      throw_error("Runtime::run", "a job is already running in this process: runs do not nest");
  }
  ~RunningJob() { running_.store(false); }
  RunningJob(const RunningJob&) = delete;
  RunningJob& operator=(const RunningJob&) = delete;

 private:
  static inline std::atomic<bool> running_{false};
};

}  // namespace

void Runtime::run(const std::function<void(Context&)>& body) {
  RunningJob running;
  transport_->agree_on_next_step(true);
  detail::Job job(config_, *transport_, *topology_);
  auto threads = job.threads_per_process();
  auto worker = [&](int local_thread) {
    thread_id id = job.process() * threads + local_thread;
    detail::set_current_thread(id);
    // Outside the try: the thread's progress thread may still use it after an exception, until
    // await_helper below.
    Context me(job, id, Team(job.world_team(), id));
    try {
      machine_->bind_current_thread(local_thread, threads, config_.pinning);
      // The runtime's own shared words (heap tables, lock words) start at zero in every run.
      std::memset(job.direct(id, 0), 0, detail::SegmentLayout::system_bytes);
      job.liveness().enter(local_thread);
      me.barrier();
      body(me);
      // Not a barrier: one could match a barrier that another thread still waits in.
      job.liveness().depart(local_thread, job.cancellation());
      if (local_thread == 0) job.await_every_process();
    } catch (...) {
      job.cancellation().cancel(std::current_exception());
    }
    job.liveness().await_helper(local_thread);
    detail::set_current_thread(-1);
  };
  {
    auto watch = job.liveness().watch(job);
    std::vector<std::jthread> workers;
    workers.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t) {
      try {
        workers.emplace_back(worker, t);
      } catch (const std::exception& e) {
        // The threads started wait for this one in their first barrier: the cancellation ends them.
        job.cancellation().cancel(std::make_exception_ptr(pgasmr::error(
            "Runtime::run", -1,
            "could not start thread " + std::to_string(job.process() * threads + t) + ": " +
                                e.what() + " (fewer --threads, or higher limits of threads and memory)")));
        break;
      }
    }
  }
  if (auto error = job.cancellation().first_error()) {
    if (job.multi_process()) job.fail_every_process(error);
    std::rethrow_exception(error);
  }
}

}  // namespace pgasmr::pgas
