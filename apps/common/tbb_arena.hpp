#pragma once

#include <cstddef>
#include <memory>
#include <utility>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

namespace pgasmr::apps {

/// The threads of a oneTBB baseline: exactly `threads` of them, also beyond the cores (as the
/// engine and the other baselines run).
///
/// Under ThreadSanitizer the arena's workers go unwatched: Debian's oneTBB is not instrumented,
/// so TSan cannot see how the workers hand their results back and reports each hand-over as a
/// race (or not, depending on whether it still holds the worker's stack). The oneTBB baselines
/// are yardsticks; the engine and the Phoenix-like baselines stay fully checked.
class TbbArena {
 public:
  explicit TbbArena(std::size_t threads);
  TbbArena(const TbbArena&) = delete;
  TbbArena& operator=(const TbbArena&) = delete;
  ~TbbArena();

  template <class Work>
  decltype(auto) execute(Work&& work) {
    return arena_.execute(std::forward<Work>(work));
  }

 private:
  class UnwatchedWorkers;

  tbb::global_control allowed_;
  tbb::task_arena arena_;
  std::unique_ptr<UnwatchedWorkers> unwatched_;  // under ThreadSanitizer only
};

}  // namespace pgasmr::apps
