#pragma once
/// @file
/// Team: an ordered subset of the PGAS threads that runs barriers and collectives together.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <typeindex>
#include <typeinfo>

#include <pgasmr/pgas/process_group.hpp>
#include <pgasmr/pgas/types.hpp>

namespace pgasmr::pgas {

namespace detail {
class TeamState;
}

/// A move-only handle to a team, held by one member thread. Destruction is local (the team's
/// shared state lives while any member holds a handle); copies do not exist, so no collective
/// work hides in them.
class Team {
 public:
  /// The color that makes a thread join no team in split() (MPI_UNDEFINED).
  static constexpr int no_color = -1;

  Team() = default;  ///< the empty team: size() == 0, not a member
  Team(std::shared_ptr<detail::TeamState> state, team_rank rank);
  Team(Team&&) noexcept = default;
  Team& operator=(Team&&) noexcept = default;
  ~Team();

  explicit operator bool() const noexcept { return state_ != nullptr; }
  /// False for the empty team and for a team kept past the run that made it (whose operations
  /// throw pgasmr::error).
  bool of_running_job() const noexcept;
  team_rank rank() const noexcept { return rank_; }
  int size() const noexcept;

  /// Global thread id of team rank `rank`; throws pgasmr::error when out of range.
  thread_id thread_of(team_rank rank) const;
  /// Team rank of a global thread, or nullopt when it is not a member.
  std::optional<team_rank> rank_of(thread_id thread) const;
  /// Members in rank order (rank -> global thread id).
  std::span<const thread_id> threads() const noexcept;

  /// Collective over this team, with MPI_Comm_split's meaning: threads that pass the same
  /// color >= 0 form a new team, ranked by (key, rank in this team); no_color gives the empty
  /// team. Throws pgasmr::error for a color below no_color.
  [[nodiscard]] Team split(int color, int key);

  void barrier();
  void notify();  ///< split-phase barrier, first half
  void wait();    ///< split-phase barrier, second half: returns once every member notified

  // For layers above (collectives, mapreduce): the team as seen from one process.

  /// Members of this team in the calling thread's process, in rank order.
  std::span<const team_rank> local_ranks() const;
  /// Position of the caller among local_ranks().
  int local_index() const;
  /// Process ids hosting members, ascending; also the rank order of process_group().
  std::span<const int> processes() const;
  /// The processes hosting members, or nullptr when all members are in this process.
  ProcessGroup* process_group() const;
  /// Every local member calls it; the last to arrive runs `last` (which may use
  /// process_group()) before any of them returns. An empty `last` makes it a barrier of the
  /// local members only.
  void local_step(const std::function<void()>& last);
  /// State of type T shared by the local members of this team, made on first use (T must be
  /// default-constructible); it lives as long as the team. The handle remembers the last one
  /// it looked up, since collectives ask for theirs on every call.
  template <class T>
  T& extension() const {
    if (cached_type_ != &typeid(T) || !state_) {
      cached_extension_ =
          extension_slot(typeid(T), [] { return std::static_pointer_cast<void>(std::make_shared<T>()); }).get();
      cached_type_ = &typeid(T);
    }
    return *static_cast<T*>(cached_extension_);
  }

  /// The team's twin, held by the same member: the same members with the same ranks, but a
  /// barrier and a process group of its own (duplicated when the team was made, as
  /// MPI_Comm_dup), so that nothing done on one ever matches anything done on the other. Asking
  /// for it waits for nobody. The non-blocking collectives run on it while their callers go on
  /// using the team. An empty team's twin is empty; a twin has no twin (pgasmr::error).
  Team twin() const;
  bool is_twin() const noexcept;

  /// For pgasmr's own layers: the state shared by the members of this process.
  detail::TeamState& state() const;
  /// Why the calling OS thread may not synchronise on this team now (empty when it may): the
  /// team is empty, belongs to a run that has ended, or the caller is not the OS thread that
  /// runs the member. Barriers and splits refuse it; the collectives check once a call.
  std::string unusable_because() const;

 private:
  /// state(), throwing pgasmr::error naming `operation` when unusable_because() says why not.
  detail::TeamState& usable_state(const char* operation) const;
  /// notify(), its errors naming `operation` (barrier's own, when the barrier calls it).
  void notify_for(const char* operation);
  std::shared_ptr<void> extension_slot(std::type_index type, const std::function<std::shared_ptr<void>()>& make) const;

  std::shared_ptr<detail::TeamState> state_;
  team_rank rank_ = -1;
  mutable const std::type_info* cached_type_ = nullptr;  // extension(): the last one looked up
  mutable void* cached_extension_ = nullptr;             // (kept alive by state_)
  std::uint32_t pending_generation_ = 0;
  bool notified_ = false;
};

}  // namespace pgasmr::pgas
