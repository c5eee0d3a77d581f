#pragma once
// PeerStates: what the liveness watch of every process of a job found at its latest look. No
// thread sees the waits of another process, so each process's watch publishes its finding in a
// word of the process's first segment and reads the others'. A process whose threads are stuck
// ends the job only when no other process can end a wait either: each has returned from the
// job's body, or stayed stuck in the same waits while its own watch looked again.

#include <cstdint>
#include <optional>
#include <vector>

namespace pgasmr::pgas::detail {

class Job;

class PeerStates {
 public:
  explicit PeerStates(const Job& job);

  /// What a look at this process's threads found.
  struct Finding {
    enum class Kind { running, stuck, returned } kind = Kind::running;
    bool threads_returned = false;  // stuck: some of the threads have returned from the body
    /// stuck: the process masks of the stuck threads' blocking MPI calls. Such a call may be
    /// moving data; it counts as stuck only once a process of its group can join it no more:
    /// one that has returned from the body, or whose threads are all stuck outside MPI calls (an
    /// MPI call ends only when every process of its group joins it).
    std::vector<std::uint64_t> transport_groups;
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
  using Reading = std::vector<std::uint64_t>;  // every process's word
  void publish(std::uint64_t word);
  Reading read() const;
  bool none_can_go_on(const Reading& before, const Reading& now) const;
  /// Whether every one of `groups` holds another process that, in `reading`, had returned from
  /// the body or was stuck with no thread in an MPI call.
  bool each_waits_in_vain(const std::vector<std::uint64_t>& groups, const Reading& reading) const;

  const Job& job_;
  std::uint64_t serial_;           // the job's, in every word: a word of an earlier job reads as running
  std::uint64_t published_;        // this process's word as last written
  std::uint64_t looks_ = 0;        // looks so far
  std::uint64_t stuck_since_ = 0;  // the look that began this process's stretch of stuck looks
  std::optional<Reading> before_;  // the reading at the previous look of the stretch
};

}  // namespace pgasmr::pgas::detail
