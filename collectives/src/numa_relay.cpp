#include "numa_relay.hpp"

#include <map>
#include <utility>

namespace pgasmr::coll::detail {

std::vector<long> numa_relays(std::span<const LocalRead> reads) {
  std::vector<long> relay(reads.size(), -1);
  // By source, then by the executor's NUMA node: the first read there (lowest executor) is the
  // node's leader.
  std::map<std::size_t, std::map<int, std::size_t>> leaders;
  for (std::size_t i = 0; i < reads.size(); ++i) {
    const auto& read = reads[i];
    if (read.source_numa < 0 || read.executor_numa < 0 || read.executor_numa == read.source_numa) continue;
    auto [at, fresh] = leaders[read.source].try_emplace(read.executor_numa, i);
    if (!fresh && reads[at->second].executor > read.executor) at->second = i;
  }
  for (std::size_t i = 0; i < reads.size(); ++i) {
    const auto& read = reads[i];
    auto by_source = leaders.find(read.source);
    if (by_source == leaders.end()) continue;
    auto leader = by_source->second.find(read.executor_numa);
    if (leader == by_source->second.end() || leader->second == i) continue;
    relay[i] = static_cast<long>(leader->second);
  }
  return relay;
}

}  // namespace pgasmr::coll::detail
