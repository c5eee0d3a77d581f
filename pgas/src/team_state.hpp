#pragma once
// TeamState: what the members of one team inside this process share. Its barrier is
// hierarchical: the members of this process meet on an atomic counter, the last to arrive runs
// the inter-process phase over the team's ProcessGroup, then releases the others.

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <typeindex>
#include <vector>

#include <pgasmr/pgas/types.hpp>

#include "transport.hpp"

namespace pgasmr::pgas::detail {

class Job;

class TeamState {
 public:
  /// `members`: global thread ids in rank order. `group`: the processes hosting members,
  /// ordered by process id, or nullptr when every member is in this process. Unless the state
  /// is a twin, it duplicates `group` for its twin at once: a collective call over the group's
  /// processes, which every process makes here, so that twin() never has to.
  TeamState(Job& job, std::vector<thread_id> members, std::unique_ptr<ProcessGroup> group, bool is_twin = false);
  ~TeamState();
  TeamState(const TeamState&) = delete;
  TeamState& operator=(const TeamState&) = delete;

  Job& job() const noexcept { return job_; }
  /// False once the run that made the team has ended (its job is gone).
  bool of_running_job() const noexcept;
  const std::vector<thread_id>& members() const noexcept { return members_; }
  /// Members of this team in this process, in rank order.
  const std::vector<team_rank>& local_ranks() const noexcept { return local_ranks_; }
  /// Position of `rank` among local_ranks(), or -1 when it is in another process.
  int local_index(team_rank rank) const noexcept { return local_index_[static_cast<std::size_t>(rank)]; }
  ProcessGroup* group() const noexcept { return group_.get(); }
  /// Process ids hosting members, ascending: the rank order of group().
  const std::vector<int>& processes() const noexcept { return processes_; }

  /// The same members and ranks with a barrier, local steps and process group of their own, so
  /// that nothing done on one state ever matches anything done on the other. Made on first use,
  /// without waiting for anyone. Throws pgasmr::error for a twin (it has none).
  std::shared_ptr<TeamState> twin();
  bool is_twin() const noexcept { return is_twin_; }

  /// State of a layer above, shared by the local members: created by `make` on first use.
  std::shared_ptr<void> extension(std::type_index type, const std::function<std::shared_ptr<void>()>& make);

  /// Split-phase hierarchical barrier: arrive() returns the generation to pass to wait().
  std::uint32_t arrive();
  void wait(std::uint32_t generation);

  /// Local collective step: every local member calls it; the last to arrive runs `last`
  /// (which may talk to other processes) before anyone returns.
  void local_step(const std::function<void()>& last);

  /// MPI_Comm_split over this team; returns the new team's state (nullptr for no_color).
  std::shared_ptr<TeamState> split(team_rank rank, int color, int key);

 private:
  void release() noexcept;
  void compute_split();
  /// Counts the caller in (a barrier's or a local step's arrival); true for the last local member
  /// to arrive, which has checked that every member came to the same kind.
  bool last_to_arrive(bool local_step);

  Job& job_;
  std::uint64_t job_serial_;  // job_.serial(), readable when job_ is gone
  std::vector<thread_id> members_;
  std::vector<team_rank> local_ranks_;
  std::vector<int> local_index_;
  std::unique_ptr<ProcessGroup> group_;
  std::vector<int> processes_;
  bool is_twin_;
  std::mutex twin_mutex_;
  std::unique_ptr<ProcessGroup> twin_group_;  // until the twin is made
  std::shared_ptr<TeamState> twin_;
  std::mutex extensions_mutex_;
  std::map<std::type_index, std::shared_ptr<void>> extensions_;

  std::atomic<std::uint64_t> arrived_{0};  // arrivals (low half), of them local steps' (high half)
  std::atomic<std::uint32_t> generation_{0};
  std::atomic<bool> inter_process_pending_{false};
  std::mutex progress_;  // the one thread that polls the inter-process barrier

  struct SplitRequest {
    int color;
    int key;
    team_rank rank;
  };
  std::vector<SplitRequest> split_requests_;  // by local index
  std::map<int, std::shared_ptr<TeamState>> split_results_;  // by color
};

}  // namespace pgasmr::pgas::detail
