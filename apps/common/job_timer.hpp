#pragma once
/// @file
/// Phase times of an SPMD job, as thread 0 records them.

#include <string>
#include <vector>

#include <pgasmr/pgas/context.hpp>

#include "common/progress_line.hpp"
#include "common/stopwatch.hpp"

namespace pgasmr::apps {

/// Collective: every thread of the job creates one and calls lap() at the same points. A lap
/// waits for all threads first, so a phase lasts until its slowest thread is done.
class JobTimer {
 public:
  /// `progress`, when given (thread 0 of process 0), hears of every finished phase.
  explicit JobTimer(pgas::Context& me, ProgressLine* progress = nullptr) : me_(me), progress_(progress) {
    me_.barrier();
    timer_ = PhaseTimer{};  // the first phase starts when every thread is here
  }
  void lap(std::string name) {
    me_.barrier();
    if (me_.thread() != 0) return;
    if (progress_) progress_->finished(name);
    timer_.lap(std::move(name));
  }
  /// The phases so far; only thread 0 has them.
  const std::vector<PhaseTime>& phases() const noexcept { return timer_.phases(); }

 private:
  pgas::Context& me_;
  ProgressLine* progress_;
  PhaseTimer timer_;
};

}  // namespace pgasmr::apps
