#include <pgasmr/pgas/topology.hpp>

#include <sstream>

#include <pgasmr/pgas/error.hpp>

namespace pgasmr::pgas {

Topology::Topology(std::vector<ThreadPlacement> threads, std::vector<HostSummary> hosts)
    : threads_(std::move(threads)), hosts_(std::move(hosts)) {}

const ThreadPlacement& Topology::of(thread_id thread) const {
  if (thread < 0 || thread >= static_cast<thread_id>(threads_.size()))
    throw_error("Topology::of", "thread " + std::to_string(thread) + " does not exist (THREADS is " +
                                    std::to_string(threads_.size()) + ")");
  return threads_[static_cast<std::size_t>(thread)];
}

bool Topology::same_numa_node(thread_id a, thread_id b) const {
  const auto& x = of(a);
  const auto& y = of(b);
  return x.host == y.host && x.numa_node >= 0 && x.numa_node == y.numa_node;
}

std::string Topology::describe() const {
  auto known = [](int value) { return value < 0 ? std::string("-") : std::to_string(value); };
  std::ostringstream out;
  for (std::size_t h = 0; h < hosts_.size(); ++h) {
    const auto& host = hosts_[h];
    out << "host " << h << " " << host.name << ": " << host.packages << " package(s), " << host.numa_nodes
        << " NUMA node(s), " << host.cores << " core(s), " << host.processing_units << " PU(s)\n";
  }
  out << "thread  process  local  host  package  numa  core\n";
  for (const auto& t : threads_)
    out << "  " << t.thread << "\t  " << t.process << "\t   " << t.local_thread << "\t  " << t.host << "\t" << known(t.package)
        << "\t " << known(t.numa_node) << "\t" << (t.core < 0 ? std::string("unpinned") : std::to_string(t.core)) << "\n";
  return out.str();
}

}  // namespace pgasmr::pgas
