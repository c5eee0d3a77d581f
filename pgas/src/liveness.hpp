#pragma once
// Liveness: whether the threads of a one-process job can still make progress. A thread that
// returns from the job's body while others wait for it (in a barrier, a collective or for a
// lock it holds) would leave them waiting forever, as in UPC. Instead, the threads that have
// returned watch the others: when every other thread has stayed in one and the same wait for a
// second while no helper thread worked, nothing is left to end those waits, and the job fails
// with an error that says why.
//
// Every waiting primitive holds a WaitNote (pgas/detail/core.hpp) while it waits: it counts the
// wait and marks the thread as waiting in its slot (stores to a line the thread owns, read only
// by the watchers). A thread is stuck when it is in the same wait at two looks a second apart.
// Waits without a note (a request's completion, a mutex) count as progress, so the watch errs
// towards waiting on.

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include <pgasmr/pgas/types.hpp>

#include "cancellation.hpp"

namespace pgasmr::pgas::detail {

class Liveness {
 public:
  /// `threads`: the body threads of this process; `first`: the global id of the first.
  Liveness(int threads, thread_id first);

  /// Makes the calling OS thread body thread `local` of this process: its waits are noted.
  void enter(int local) noexcept;

  /// For a body thread that has returned from the body: waits until every body thread of this
  /// process has. With `watch`, fails the job (and throws) once the others can no longer end
  /// their waits. Throws job_cancelled when the job is cancelled meanwhile.
  void depart(int local, Cancellation&, bool watch);

  /// A helper (a progress thread) works for a body thread: what it does may end their waits.
  void helper_starts() noexcept;
  void helper_ends() noexcept;

  /// For WaitNote: the calling thread begins or ends a wait (nothing for threads that are not
  /// body threads).
  static void wait_begins() noexcept;
  static void wait_ends() noexcept;

 private:
  struct alignas(64) Slot {
    std::atomic<std::uint64_t> waits{0};  // waits begun
    std::atomic<bool> waiting{false};     // in a wait now
    std::atomic<bool> departed{false};
  };
  struct Snapshot {
    std::vector<std::uint64_t> waits;
    std::vector<bool> waiting;
    std::uint64_t helper_changes;
  };
  Snapshot snapshot() const;
  /// The threads that have stayed in one wait from `before` to `now` (none when a thread still
  /// runs or a helper worked); local indices.
  std::vector<int> stuck(const Snapshot& before, const Snapshot& now) const;

  int threads_;
  thread_id first_;
  std::unique_ptr<Slot[]> slots_;
  std::atomic<int> departed_{0};
  std::atomic<int> helpers_at_work_{0};
  std::atomic<std::uint64_t> helper_changes_{0};
};

}  // namespace pgasmr::pgas::detail
