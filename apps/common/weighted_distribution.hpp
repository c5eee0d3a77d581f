#pragma once
/// @file
/// The engine distribution an app's --distribution names, with the element weights that
/// balanced and best_fit need.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include <pgasmr/mapreduce/distribution.hpp>

namespace pgasmr::apps {

/// Owns the weights its distribution points to, so it is neither copied nor moved.
class WeightedDistribution {
 public:
  /// `weight(i)` is the cost of element i of n (asked only by balanced and best_fit). best_fit
  /// gets a threshold of one average element: BLOCK unless its imbalance exceeds one element's
  /// worth of work, then CYCLIC or BALANCED on the same terms.
  WeightedDistribution(mr::DistributionKind kind, std::size_t n, const std::function<std::uint64_t(std::size_t)>& weight);
  WeightedDistribution(const WeightedDistribution&) = delete;
  WeightedDistribution& operator=(const WeightedDistribution&) = delete;

  const mr::Distribution& get() const noexcept { return distribution_; }

 private:
  std::vector<std::uint64_t> weights_;
  mr::Distribution distribution_;
};

}  // namespace pgasmr::apps
