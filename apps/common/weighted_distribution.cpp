#include "common/weighted_distribution.hpp"

#include <algorithm>

namespace pgasmr::apps {

WeightedDistribution::WeightedDistribution(mr::DistributionKind kind, std::size_t n,
                                           const std::function<std::uint64_t(std::size_t)>& weight) {
  switch (kind) {
    case mr::DistributionKind::block: distribution_ = mr::block(); return;
    case mr::DistributionKind::cyclic: distribution_ = mr::cyclic(); return;
    case mr::DistributionKind::dynamic: distribution_ = mr::dynamic(); return;
    case mr::DistributionKind::balanced:
    case mr::DistributionKind::best_fit: break;
  }
  const bool best_fit = kind == mr::DistributionKind::best_fit;
  weights_.reserve(n + 1);
  if (best_fit) weights_.push_back(0);  // the threshold, once the total is known
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    weights_.push_back(weight(i));
    total += weights_.back();
  }
  if (best_fit) {
    weights_[0] = std::max<std::uint64_t>(1, n == 0 ? 1 : total / n);
    distribution_ = mr::best_fit(weights_);
  } else {
    distribution_ = mr::balanced(weights_);
  }
}

}  // namespace pgasmr::apps
