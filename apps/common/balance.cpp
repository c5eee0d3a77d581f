#include "common/balance.hpp"

#include <algorithm>
#include <string>

#include "common/weighted_distribution.hpp"

namespace pgasmr::apps {
namespace {

std::string describe(mr::DistributionKind kind, std::span<const std::uint64_t> weights, int threads) {
  std::string name(mr::to_string(kind));
  if (kind != mr::DistributionKind::best_fit) return name;
  WeightedDistribution distribution(kind, weights.size(), [&](std::size_t i) { return weights[i]; });
  auto chosen = mr::resolve_best_fit(distribution.get().weights, weights.size(), threads);
  return name + " -> " + std::string(mr::to_string(chosen));
}

}  // namespace

std::vector<std::uint64_t> assigned_weights(mr::DistributionKind kind, std::span<const std::uint64_t> weights,
                                            int threads) {
  if (kind == mr::DistributionKind::dynamic) return {};
  WeightedDistribution distribution(kind, weights.size(), [&](std::size_t i) { return weights[i]; });
  std::vector<std::uint64_t> assigned(static_cast<std::size_t>(threads));
  const auto owners = mr::owners(distribution.get(), weights.size(), threads);
  for (std::size_t i = 0; i < weights.size(); ++i) assigned[static_cast<std::size_t>(owners[i])] += weights[i];
  return assigned;
}

void print_balance(std::FILE* to, mr::DistributionKind chosen, std::span<const std::uint64_t> weights, int threads) {
  std::fprintf(to, "  balance (bytes per thread, %zu elements):\n", weights.size());
  std::vector<mr::DistributionKind> kinds = {chosen};
  for (auto other : {mr::DistributionKind::block, mr::DistributionKind::cyclic})
    if (other != chosen) kinds.push_back(other);
  for (auto kind : kinds) {
    auto line = "    " + describe(kind, weights, threads);
    line.resize(std::max<std::size_t>(line.size() + 1, 26), ' ');
    auto assigned = assigned_weights(kind, weights, threads);
    if (assigned.empty()) {
      std::fprintf(to, "%s decided while the map runs (threads claim chunks)\n", line.c_str());
      continue;
    }
    for (auto bytes : assigned) line += " " + std::to_string(bytes);
    auto [least, most] = std::ranges::minmax(assigned);
    std::fprintf(to, "%s   max diff %llu\n", line.c_str(), static_cast<unsigned long long>(most - least));
  }
}

}  // namespace pgasmr::apps
