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
// A body thread's helper (its progress thread, which runs its non-blocking collectives) has a
// slot too: while it works its waits count like the body threads' (a request's wait() may wait
// on a collective that waits for a returned thread), and its work in between counts as progress.
// Waits without a note (a mutex) count as progress, so the watch errs towards waiting on.

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
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
  /// process has, and its helper has ended the work it was given. With `watch`, fails the job
  /// (and throws) once the others can no longer end their waits. Throws job_cancelled when the
  /// job is cancelled meanwhile.
  void depart(int local, Cancellation&, bool watch);

  /// Waits until body thread `local`'s helper has ended the work it was given, which may use the
  /// thread's Context: before that thread ends, also when it leaves by an exception (the job is
  /// cancelled then, and the helper's waits end at once).
  void await_helper(int local) const noexcept;

  /// Body thread `local` gives its helper (its progress thread) a piece of work: from now until
  /// the helper ends it, the helper counts as at work.
  void helper_given_work(int local) noexcept;
  /// The calling OS thread, body thread `local`'s helper, starts or ends a piece of work given
  /// to it: meanwhile its waits are noted in the helper's slot.
  void helper_starts(int local) noexcept;
  void helper_ends(int local) noexcept;

  /// For WaitNote: the calling thread begins or ends a wait (nothing for threads that are not
  /// body threads).
  static void wait_begins() noexcept;
  static void wait_ends() noexcept;

 private:
  struct alignas(64) Slot {
    std::atomic<std::uint64_t> waits{0};  // waits begun (a helper's: and pieces of work begun)
    std::atomic<bool> waiting{false};     // in a wait now
    std::atomic<int> active{1};           // a body thread: 1 until departed; a helper: work given, not ended
  };
  struct Look {
    std::uint64_t waits;
    bool waiting;
    int active;
  };
  /// Body thread k's slot is k, its helper's threads_ + k.
  std::vector<Look> look() const;
  /// Who stayed in one wait from one look to the next (local indices): the body threads that
  /// have not departed, and the helpers at work.
  struct Stuck {
    std::vector<int> threads, helpers;
  };
  /// Stuck when every body thread left and every helper at work stayed in one wait (and one of
  /// them at least); nullopt when one still runs.
  std::optional<Stuck> stuck(const std::vector<Look>& before, const std::vector<Look>& now) const;
  /// "0, 3, 5", the global ids of `locals` (8 at most, then how many more).
  std::string list(const std::vector<int>& locals) const;

  int threads_;
  thread_id first_;
  std::unique_ptr<Slot[]> slots_;  // threads_ body threads, then their helpers
  std::atomic<int> departed_{0};
};

}  // namespace pgasmr::pgas::detail
