// The static distributions as pure functions, so that tests check them without a runtime and
// every thread derives the same assignment on its own.

#include <pgasmr/mapreduce/distribution.hpp>

#include <algorithm>
#include <array>
#include <functional>
#include <queue>
#include <stdexcept>
#include <string>
#include <utility>

namespace pgasmr::mr {
namespace {

void check_threads(int threads) {
  if (threads <= 0)
    throw std::invalid_argument("mapreduce distribution: thread count must be positive, got " + std::to_string(threads));
}

void check_weights(std::span<const std::uint64_t> weights, std::size_t expected, std::string_view kind,
                   std::string_view layout) {
  if (weights.size() != expected)
    throw std::invalid_argument("mapreduce distribution " + std::string(kind) + ": weights has " +
                                std::to_string(weights.size()) + " entries; it needs " + std::to_string(expected) + " (" +
                                std::string(layout) + ")");
}

/// The loads are sums of weights: a total beyond 64 bits wrapped, and the scheduling with it.
void check_total(std::span<const std::uint64_t> weights, std::string_view kind) {
  std::uint64_t total = 0;
  for (auto weight : weights)
    if (__builtin_add_overflow(total, weight, &total))
      throw std::invalid_argument("mapreduce distribution " + std::string(kind) +
                                  ": the element weights add up to more than 2^64 - 1");
}

/// Greedy list scheduling in input order: the least loaded thread gets the next element, the
/// lowest id on ties (this reproduces the thesis's Fig. 4.1 exactly; sorting first would not).
std::vector<int> balanced_owners(std::span<const std::uint64_t> weights, int threads) {
  using Load = std::pair<std::uint64_t, int>;  // (running load, thread): the pair order breaks ties
  std::priority_queue<Load, std::vector<Load>, std::greater<>> least_loaded;
  for (int t = 0; t < threads; ++t) least_loaded.emplace(0, t);
  std::vector<int> owner(weights.size());
  for (std::size_t i = 0; i < weights.size(); ++i) {
    auto [load, thread] = least_loaded.top();
    least_loaded.pop();
    owner[i] = thread;
    least_loaded.emplace(load + weights[i], thread);
  }
  return owner;
}

std::vector<int> block_owners(std::size_t n, int threads) {
  std::vector<int> owner(n);
  for (int t = 0; t < threads; ++t) {
    auto range = block_range(n, threads, t);
    auto first = owner.begin() + static_cast<std::ptrdiff_t>(range.begin);
    std::fill(first, first + static_cast<std::ptrdiff_t>(range.size()), t);
  }
  return owner;
}

std::vector<int> cyclic_owners(std::size_t n, int threads) {
  std::vector<int> owner(n);
  for (std::size_t i = 0; i < n; ++i) owner[i] = static_cast<int>(i % static_cast<std::size_t>(threads));
  return owner;
}

std::vector<std::uint64_t> loads_of(const std::vector<int>& owner, std::span<const std::uint64_t> weights, int threads) {
  std::vector<std::uint64_t> load(static_cast<std::size_t>(threads), 0);
  for (std::size_t i = 0; i < owner.size(); ++i) load[static_cast<std::size_t>(owner[i])] += weights.empty() ? 1 : weights[i];
  return load;
}

std::uint64_t spread(const std::vector<std::uint64_t>& load) {
  auto [least, most] = std::minmax_element(load.begin(), load.end());
  return *most - *least;
}

constexpr std::array<std::pair<DistributionKind, std::string_view>, 5> kind_names{{
    {DistributionKind::block, "block"},
    {DistributionKind::cyclic, "cyclic"},
    {DistributionKind::balanced, "balanced"},
    {DistributionKind::best_fit, "best_fit"},
    {DistributionKind::dynamic, "dynamic"},
}};

}  // namespace

std::span<const std::uint64_t> element_weights(const Distribution& d) {
  return d.kind == DistributionKind::best_fit ? d.weights.subspan(1) : d.weights;
}

ElementRange block_range(std::size_t n, int threads, int thread) {
  check_threads(threads);
  auto t = static_cast<std::size_t>(thread);
  auto per_thread = n / static_cast<std::size_t>(threads);
  auto extra = n % static_cast<std::size_t>(threads);  // the first `extra` threads get one more
  auto begin = t * per_thread + std::min(t, extra);
  return {begin, begin + per_thread + (t < extra ? 1 : 0)};
}

void validate(const Distribution& d, std::size_t n, int threads) {
  check_threads(threads);
  if (d.kind == DistributionKind::balanced) check_weights(d.weights, n, "balanced", "one per element");
  if (d.kind == DistributionKind::best_fit) check_weights(d.weights, n + 1, "best_fit", "the threshold, then one per element");
  if (d.kind == DistributionKind::balanced || d.kind == DistributionKind::best_fit)
    check_total(element_weights(d), d.kind == DistributionKind::balanced ? "balanced" : "best_fit");
}

DistributionKind resolve_best_fit(std::span<const std::uint64_t> threshold_then_weights, std::size_t n, int threads) {
  Distribution d = best_fit(threshold_then_weights);
  validate(d, n, threads);
  auto threshold = threshold_then_weights[0];
  auto weights = element_weights(d);
  if (spread(loads_of(block_owners(n, threads), weights, threads)) < threshold) return DistributionKind::block;
  if (spread(loads_of(cyclic_owners(n, threads), weights, threads)) < threshold) return DistributionKind::cyclic;
  return DistributionKind::balanced;
}

std::vector<int> owners(const Distribution& d, std::size_t n, int threads) {
  validate(d, n, threads);
  auto kind = d.kind == DistributionKind::best_fit ? resolve_best_fit(d.weights, n, threads) : d.kind;
  switch (kind) {
    case DistributionKind::block: return block_owners(n, threads);
    case DistributionKind::cyclic: return cyclic_owners(n, threads);
    case DistributionKind::balanced: return balanced_owners(element_weights(d), threads);
    case DistributionKind::best_fit:
    case DistributionKind::dynamic: break;
  }
  throw std::invalid_argument("mapreduce distribution dynamic: elements are claimed at run time, so there are no static owners");
}

std::vector<std::uint64_t> loads(const Distribution& d, std::size_t n, int threads) {
  return loads_of(owners(d, n, threads), element_weights(d), threads);
}

std::uint64_t max_difference(const Distribution& d, std::size_t n, int threads) { return spread(loads(d, n, threads)); }

std::string_view to_string(DistributionKind kind) {
  for (auto [k, name] : kind_names)
    if (k == kind) return name;
  return "unknown";
}

std::optional<DistributionKind> parse_distribution_kind(std::string_view name) {
  for (auto [k, known] : kind_names)
    if (known == name) return k;
  return std::nullopt;
}

}  // namespace pgasmr::mr
