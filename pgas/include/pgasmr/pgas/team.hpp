#pragma once
/// @file
/// Team: an ordered subset of the PGAS threads that runs barriers and collectives together.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>

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

  /// For pgasmr's own layers: the state shared by the members of this process.
  detail::TeamState& state() const;

 private:
  std::shared_ptr<detail::TeamState> state_;
  team_rank rank_ = -1;
  std::uint32_t pending_generation_ = 0;
  bool notified_ = false;
};

}  // namespace pgasmr::pgas
