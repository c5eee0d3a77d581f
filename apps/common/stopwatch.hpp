#pragma once
/// @file
/// Wall-clock timing of the phases of a run.

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace pgasmr::apps {

class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  void restart() { start_ = std::chrono::steady_clock::now(); }

 private:
  std::chrono::steady_clock::time_point start_;
};

struct PhaseTime {
  std::string name;
  double seconds = 0;
};

/// Consecutive phases: lap(name) ends the phase called `name`, which began at the previous lap
/// (or at construction). A name lapped again adds to its phase: the rounds of an iterative job
/// report one total per phase, in the order the phases first ran.
class PhaseTimer {
 public:
  void lap(std::string name) {
    auto seconds = stopwatch_.seconds();
    stopwatch_.restart();
    auto same = std::ranges::find(phases_, name, &PhaseTime::name);
    if (same != phases_.end()) same->seconds += seconds;
    else phases_.push_back({std::move(name), seconds});
  }
  const std::vector<PhaseTime>& phases() const noexcept { return phases_; }

 private:
  Stopwatch stopwatch_;
  std::vector<PhaseTime> phases_;
};

}  // namespace pgasmr::apps
