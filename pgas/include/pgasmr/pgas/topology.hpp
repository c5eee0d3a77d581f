#pragma once
/// @file
/// Topology: where each PGAS thread runs (thread -> core -> NUMA node -> package -> process -> host).

#include <span>
#include <string>
#include <vector>

#include <pgasmr/pgas/types.hpp>

namespace pgasmr::pgas {

/// Placement of one PGAS thread. -1 means "not fixed": an unpinned thread has no core, and its
/// NUMA node / package are known only when every core its process may use lies in one of them.
struct ThreadPlacement {
  thread_id thread = 0;
  int process = 0;
  int local_thread = 0;
  int host = 0;  ///< index into Topology::hosts()
  int package = -1;
  int numa_node = -1;
  int core = -1;  ///< hwloc logical core index
};

/// What hwloc reports about one host, as seen by the process that reports it.
struct HostSummary {
  std::string name;
  int packages = 0;
  int numa_nodes = 0;
  int cores = 0;
  int processing_units = 0;
};

class Topology {
 public:
  Topology(std::vector<ThreadPlacement> threads, std::vector<HostSummary> hosts);

  std::span<const ThreadPlacement> threads() const noexcept { return threads_; }
  const ThreadPlacement& of(thread_id thread) const;
  std::span<const HostSummary> hosts() const noexcept { return hosts_; }

  bool same_process(thread_id a, thread_id b) const { return of(a).process == of(b).process; }
  bool same_host(thread_id a, thread_id b) const { return of(a).host == of(b).host; }
  /// True only when both NUMA nodes are known and equal.
  bool same_numa_node(thread_id a, thread_id b) const;

  /// A human-readable table of hosts and threads, one line each.
  std::string describe() const;

 private:
  std::vector<ThreadPlacement> threads_;
  std::vector<HostSummary> hosts_;
};

}  // namespace pgasmr::pgas
