#pragma once
// Liveness: whether the threads of a job can still make progress. A thread that returns from
// the job's body while others wait for it (in a barrier, a collective or for a lock it holds),
// threads that made different collective calls, or locks taken in opposite orders leave threads
// waiting forever, as in UPC. Instead, a watch thread looks at the body threads of its process
// once a second: when every one that has not returned has stayed in one and the same wait since
// the last look, and every helper is idle or in one wait too, nothing in the process is left to
// end those waits. In a one-process job that ends the job with an error that says why; between
// processes, only once no other process can end them either (pgas/src/peer_states).
//
// Every waiting primitive holds a WaitNote (pgas/detail/core.hpp) while it waits: it counts the
// wait and marks the thread as waiting in its slot (stores to a line the thread owns, read only
// by the watch). A body thread's helper (its progress thread, which runs its non-blocking
// collectives) has a slot too: while it works its waits count like the body threads' (a
// request's wait() may wait on a collective that waits forever), and its work in between counts
// as progress. Waits without a note (a mutex) count as progress, so the watch errs towards
// waiting on. A blocking call into MPI has a note of its own (TransportCallNote): it may be
// moving data for seconds, so it counts as stuck only once a process of its group can join it no
// more (pgas/src/peer_states).

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <pgasmr/pgas/error.hpp>

#include <pgasmr/pgas/types.hpp>

#include "cancellation.hpp"
#include "peer_states.hpp"

namespace pgasmr::pgas::detail {

class Job;

/// Where a thread notes the blocking MPI call it is in (see TransportCall; processes 0: none).
struct TransportCallSlot {
  std::atomic<std::uint64_t> processes{0}, which{0}, what{0}, group{0}, index{0};
};

class Liveness {
 public:
  /// `threads`: the body threads of this process; `first`: the global id of the first.
  Liveness(int threads, thread_id first);

  /// Makes the calling OS thread body thread `local` of this process: its waits are noted.
  void enter(int local) noexcept;

  /// Looks at the threads once a second from a thread of its own until the returned thread is
  /// destroyed, and cancels the job with an error saying why once none of them can go on.
  std::jthread watch(Job&);

  /// For a body thread that has returned from the body: waits until every body thread of this
  /// process has, and its helper has ended the work it was given. Throws job_cancelled when
  /// the job is cancelled meanwhile.
  void depart(int local, const Cancellation&);

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
  /// For TransportCallNote: a blocking call into MPI among `call.processes` (a mask of process
  /// ids, 0 when unknown), which may be moving data, begins or ends.
  static void transport_call_begins(TransportCall call) noexcept;
  static void transport_call_ends() noexcept;
  /// For Lock::lock: the calling thread waits for a lock that thread `holder` holds (until its
  /// next wait begins), so that the watch can tell locks taken in different orders.
  static void waits_for_lock_of(thread_id holder) noexcept;

 private:
  struct alignas(64) Slot {
    std::atomic<std::uint64_t> waits{0};  // waits begun (a helper's: and pieces of work begun)
    std::atomic<bool> waiting{false};     // in a wait now
    TransportCallSlot transport_call;     // in a blocking MPI call: which
    std::atomic<thread_id> lock_holder{-1};  // in a wait for a lock: its holder
    std::atomic<int> active{1};           // a body thread: 1 until departed; a helper: work given, not ended
  };
  /// The calling OS thread's slot while it is a body thread or a helper at work, else nullptr.
  static thread_local Slot* my_slot;
  struct Look {
    std::uint64_t waits;
    bool waiting;
    TransportCall transport_call;
    thread_id lock_holder;
    int active;
  };
  /// Body thread k's slot is k, its helper's threads_ + k.
  std::vector<Look> look() const;
  /// Who stayed in one wait from one look to the next (local indices): the body threads that
  /// have not departed, and the helpers at work; and the departed threads.
  struct Stuck {
    std::vector<int> threads, helpers, departed;
    std::vector<TransportCall> transport_calls;  // of those in blocking MPI calls
    std::vector<thread_id> lock_holders;         // for each of `threads`: whose lock it waits for, or -1
  };
  /// Stuck when every body thread that has not departed and every helper at work stayed in one
  /// wait (one of them at least); nullopt when one still runs.
  std::optional<Stuck> stuck(const std::vector<Look>& before, const std::vector<Look>& now) const;
  /// Every body thread has departed and every helper is idle.
  bool all_returned(const std::vector<Look>& now) const;
  /// The error that ends a job found stuck; between processes, `others` names the other
  /// processes that returned from the body, wholly or partly.
  pgasmr::error explain(const Stuck&, const std::optional<PeerStates::Returned>& others = std::nullopt) const;
  /// "0, 3, 5", the global ids of `locals` (8 at most, then how many more).
  std::string list(const std::vector<int>& locals) const;

  int threads_;
  thread_id first_;
  std::unique_ptr<Slot[]> slots_;  // threads_ body threads, then their helpers
  std::atomic<int> departed_{0};
};

/// Marks a blocking call into MPI (a process group's collective or point-to-point call) while it
/// lives, as WaitNote marks a wait.
class TransportCallNote {
 public:
  explicit TransportCallNote(TransportCall call) noexcept { Liveness::transport_call_begins(call); }
  ~TransportCallNote() { Liveness::transport_call_ends(); }
  TransportCallNote(const TransportCallNote&) = delete;
  TransportCallNote& operator=(const TransportCallNote&) = delete;
};

}  // namespace pgasmr::pgas::detail
