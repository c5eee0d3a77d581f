#pragma once
// The NUMA level of the multilevel tree inside a process. When several threads copy the same
// source (a broadcast inside the process) and they sit on different NUMA nodes, one thread per
// remote node copies from the source and the others of that node copy from its copy, so the
// source crosses the interconnect once per node instead of once per thread.

#include <cstddef>
#include <span>
#include <vector>

namespace pgasmr::coll::detail {

/// One in-process copy, as the relay planning sees it.
struct LocalRead {
  std::size_t source;  // copies with equal `source` read the same bytes
  int source_numa;     // -1: unknown
  int executor;        // the thread that copies
  int executor_numa;   // -1: unknown
};

/// For each read, the read whose destination it copies from instead of the source, or -1.
/// Relays only where every NUMA node involved is known and more than one is involved.
std::vector<long> numa_relays(std::span<const LocalRead> reads);

}  // namespace pgasmr::coll::detail
