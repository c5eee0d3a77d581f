#pragma once
// The engine choices the apps' engine tests run: every distribution with every reduce mode.

#include <string>
#include <vector>

#include "common/options.hpp"

namespace pgasmr::apps::test {

inline std::vector<EngineChoice> every_choice() {
  std::vector<EngineChoice> choices;
  for (auto distribution : {mr::DistributionKind::block, mr::DistributionKind::cyclic, mr::DistributionKind::balanced,
                            mr::DistributionKind::best_fit, mr::DistributionKind::dynamic})
    for (auto reduce : {ReduceChoice::no_comm, ReduceChoice::all, ReduceChoice::root, ReduceChoice::by_key})
      choices.push_back({distribution, reduce});
  return choices;
}

/// "cyclic + by_key", for failure messages.
inline std::string describe(const EngineChoice& choice) {
  return std::string(mr::to_string(choice.distribution)) + " + " + std::string(to_string(choice.reduce));
}

}  // namespace pgasmr::apps::test
