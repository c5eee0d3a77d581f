#pragma once
// PeerStates: what the liveness watch of every process of a job found at its latest look. No
// thread sees the waits of another process, so each process's watch publishes its finding, the
// MPI call it waits in (which and what; its group and index) and who waits for it in calls it
// has not begun, in four words of the process's first segment, and reads the others'.
// A process whose threads are stuck ends the job only when no other process can end a wait
// either: each has returned from the job's body, or stayed stuck in the same waits while its own
// watch looked again.

#include <cstdint>
#include <optional>
#include <vector>

namespace pgasmr::pgas::detail {

class Job;

/// The processes whose MPI calls the watches compare: a call's processes are a 64-bit mask.
inline constexpr int max_watched_processes = 64;

/// A blocking MPI call of a process group, for the watches: its processes (a mask of ids), which
/// collective call of its group it is (a hash of the group and the count of its collective calls
/// before, which every process of the group counts alike) and what it is (a hash of its kind and
/// of the sizes and root that every process passes alike); both 0 for a point-to-point call,
/// which differs between processes by design. Two processes stuck in the same call of a group
/// with different whats made different collective calls: they wait for each other in vain.
struct TransportCall {
  std::uint64_t processes = 0;
  std::uint64_t which = 0, what = 0;
  /// The group's id and the count of its collective calls before this one (which hashes both):
  /// a process of the group that has begun no more calls of it has not begun this one.
  std::uint64_t group = 0, index = 0;
};

class PeerStates {
 public:
  explicit PeerStates(const Job& job);

  /// A process's words: its finding; its one MPI call (which and what, 0: none, several, or not
  /// comparable), and that call's group and index; the processes that wait for it in calls it
  /// has not begun; each with the look that found it.
  struct Words {
    std::uint64_t finding = 0, call = 0, group_call = 0, waiters = 0;
  };

  /// What a look at this process's threads found.
  struct Finding {
    enum class Kind { running, stuck, returned } kind = Kind::running;
    bool threads_returned = false;  // stuck: some of the threads have returned from the body
    /// stuck: the stuck threads' blocking MPI calls. Such a call may be moving data; it counts
    /// as stuck only once a process of its group can join it no more: one that has returned from
    /// the body, whose threads are all stuck outside MPI calls (an MPI call ends only when every
    /// process of its group joins it), or whose one MPI call is the same call with another what.
    std::vector<TransportCall> transport_calls;
  };

  /// Publishes the finding of this process's latest look, and returns true when this process
  /// was stuck at it and at the look before, and between those two looks no other process could
  /// end a wait. Called by the watch once a look.
  bool none_can_go_on(const Finding& finding);

  /// The other processes that had returned from the job's body at the latest look: with every
  /// thread, or stuck with some of them.
  struct Returned {
    std::vector<int> whole, partly;
  };
  Returned returned() const;

 private:
  using Reading = std::vector<Words>;  // every process's
  void publish(Words words);
  Reading read() const;
  bool none_can_go_on(const Reading& before, const Reading& now) const;
  /// Whether every one of `calls` has another process of its group that, in `reading`, had
  /// returned from the body, was stuck with no thread in an MPI call, waited in the same call of
  /// the group as another collective call, or waited in a call (of another group: a team's twin,
  /// say) that this process has not begun while it had not begun this process's call.
  bool each_waits_in_vain(const std::vector<TransportCall>& calls, const Reading& reading) const;
  /// The processes whose one MPI call in `reading` this process has not begun (a mask).
  std::uint64_t waiting_for_this_one(const Reading& reading) const;
  /// Whether this process is of the group of `group_call` (another process's word) and has not
  /// begun that call.
  bool has_not_begun(std::uint64_t group_call) const;

  const Job& job_;
  std::uint64_t serial_;           // the job's, in every word: a word of an earlier job reads as running
  Words published_;                // this process's words as last written
  std::uint64_t looks_ = 0;        // looks so far
  std::uint64_t stuck_since_ = 0;  // the look that began this process's stretch of stuck looks
  std::optional<Reading> before_;  // the reading at the previous look of the stretch
};

}  // namespace pgasmr::pgas::detail
