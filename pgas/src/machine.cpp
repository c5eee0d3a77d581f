#include "machine.hpp"

#include <hwloc.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <string>

#include <pgasmr/pgas/error.hpp>

namespace pgasmr::pgas::detail {
namespace {

int index_of_covering(hwloc_topology_t topology, hwloc_obj_type_t type, hwloc_const_cpuset_t cpuset) {
  int n = hwloc_get_nbobjs_by_type(topology, type);
  for (int i = 0; i < n; ++i) {
    auto* obj = hwloc_get_obj_by_type(topology, type, static_cast<unsigned>(i));
    if (hwloc_bitmap_isincluded(cpuset, obj->cpuset)) return static_cast<int>(obj->logical_index);
  }
  return -1;
}

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) != 0) return "unknown";
  return name;
}

}  // namespace

Machine::Machine() {
  if (hwloc_topology_init(&topology_) != 0 || hwloc_topology_load(topology_) != 0)
    throw_error("topology", "hwloc could not read this machine's topology");

  hwloc_bitmap_t allowed = hwloc_bitmap_alloc();
  if (hwloc_get_cpubind(topology_, allowed, HWLOC_CPUBIND_PROCESS) != 0)
    hwloc_bitmap_copy(allowed, hwloc_topology_get_allowed_cpuset(topology_));
  int n = hwloc_get_nbobjs_by_type(topology_, HWLOC_OBJ_CORE);
  for (int i = 0; i < n; ++i) {
    auto* core = hwloc_get_obj_by_type(topology_, HWLOC_OBJ_CORE, static_cast<unsigned>(i));
    if (!hwloc_bitmap_intersects(core->cpuset, allowed)) continue;
    cores_.push_back({static_cast<int>(core->logical_index),
                      index_of_covering(topology_, HWLOC_OBJ_NUMANODE, core->cpuset),
                      index_of_covering(topology_, HWLOC_OBJ_PACKAGE, core->cpuset)});
  }
  process_numa_node_ = index_of_covering(topology_, HWLOC_OBJ_NUMANODE, allowed);
  process_package_ = index_of_covering(topology_, HWLOC_OBJ_PACKAGE, allowed);
  hwloc_bitmap_free(allowed);
  if (cores_.empty()) cores_.push_back({0, process_numa_node_, process_package_});

  std::map<int, std::vector<int>> by_numa;
  for (int i = 0; i < static_cast<int>(cores_.size()); ++i) by_numa[cores_[static_cast<std::size_t>(i)].numa_node].push_back(i);
  for (std::size_t round = 0; spread_order_.size() < cores_.size(); ++round)
    for (auto& [numa, members] : by_numa)
      if (round < members.size()) spread_order_.push_back(members[round]);
}

Machine::~Machine() {
  if (topology_) hwloc_topology_destroy(topology_);
}

HostSummary Machine::summary() const {
  auto count = [&](hwloc_obj_type_t type) { return std::max(hwloc_get_nbobjs_by_type(topology_, type), 1); };
  return {host_name(), count(HWLOC_OBJ_PACKAGE), count(HWLOC_OBJ_NUMANODE), count(HWLOC_OBJ_CORE), count(HWLOC_OBJ_PU)};
}

const Machine::Core* Machine::core_for(int local_thread, int, Pinning pinning) const {
  auto n = cores_.size();
  auto i = static_cast<std::size_t>(local_thread) % n;
  switch (pinning) {
    case Pinning::none: return nullptr;
    case Pinning::compact: return &cores_[i];
    case Pinning::spread: return &cores_[static_cast<std::size_t>(spread_order_[i])];
  }
  return nullptr;
}

ThreadPlacement Machine::place(int local_thread, int threads, Pinning pinning) const {
  ThreadPlacement placement;
  placement.local_thread = local_thread;
  if (const auto* core = core_for(local_thread, threads, pinning)) {
    placement.core = core->logical_index;
    placement.numa_node = core->numa_node;
    placement.package = core->package;
  } else {
    placement.numa_node = process_numa_node_;
    placement.package = process_package_;
  }
  return placement;
}

void Machine::bind_current_thread(int local_thread, int threads, Pinning pinning) const {
  const auto* core = core_for(local_thread, threads, pinning);
  if (!core) return;
  auto* obj = hwloc_get_obj_by_type(topology_, HWLOC_OBJ_CORE, static_cast<unsigned>(core->logical_index));
  if (hwloc_set_cpubind(topology_, obj->cpuset, HWLOC_CPUBIND_THREAD) != 0)
    throw_error("pinning", "hwloc could not bind thread to core " + std::to_string(core->logical_index));
}

}  // namespace pgasmr::pgas::detail
