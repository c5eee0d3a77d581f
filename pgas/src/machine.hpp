#pragma once
// Machine: this process's view of its host through hwloc: the cores it may use, which NUMA
// node and package each lies in, and binding threads to them.

#include <vector>

#include <pgasmr/pgas/config.hpp>
#include <pgasmr/pgas/topology.hpp>

struct hwloc_topology;

namespace pgasmr::pgas::detail {

class Machine {
 public:
  Machine();  // throws pgasmr::error when hwloc cannot read the machine
  ~Machine();
  Machine(const Machine&) = delete;
  Machine& operator=(const Machine&) = delete;

  /// Cores this process may run on (at least 1).
  int usable_cores() const noexcept { return static_cast<int>(cores_.size()); }
  HostSummary summary() const;

  /// Where local thread `local_thread` of `threads` runs under `pinning` (process/host fields
  /// are left for the caller).
  ThreadPlacement place(int local_thread, int threads, Pinning pinning) const;
  /// Binds the calling OS thread to the core chosen by place(); no-op for Pinning::none.
  void bind_current_thread(int local_thread, int threads, Pinning pinning) const;

 private:
  struct Core {
    int logical_index;
    int numa_node;
    int package;
  };
  const Core* core_for(int local_thread, int threads, Pinning pinning) const;

  hwloc_topology* topology_ = nullptr;
  std::vector<Core> cores_;         // usable cores, hwloc logical order
  std::vector<int> spread_order_;   // indices into cores_, round-robin over NUMA nodes
  int process_numa_node_ = -1;      // when all usable cores share one
  int process_package_ = -1;
};

}  // namespace pgasmr::pgas::detail
