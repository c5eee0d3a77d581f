#pragma once
/// @file
/// Phase times of an SPMD job, as thread 0 records them.

#include <string>
#include <vector>

#include <pgasmr/pgas/context.hpp>

#include "common/stopwatch.hpp"

namespace pgasmr::apps {

/// Collective: every thread of the job creates one and calls lap() at the same points. A lap
/// waits for all threads first, so a phase lasts until its slowest thread is done.
class JobTimer {
 public:
  explicit JobTimer(pgas::Context& me) : me_(me) {
    me_.barrier();
    timer_ = PhaseTimer{};  // the first phase starts when every thread is here
  }
  void lap(std::string name) {
    me_.barrier();
    if (me_.thread() == 0) timer_.lap(std::move(name));
  }
  /// The phases so far; only thread 0 has them.
  const std::vector<PhaseTime>& phases() const noexcept { return timer_.phases(); }

 private:
  pgas::Context& me_;
  PhaseTimer timer_;
};

}  // namespace pgasmr::apps
