#pragma once
// Participants: who takes part in one collective call and how they are numbered: the team
// (world by default), the members' global thread ids, and the caller's index among them.

#include <span>
#include <string>
#include <vector>

#include <pgasmr/collectives/options.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/team.hpp>

namespace pgasmr::coll::detail {

class Participants {
 public:
  /// Throws pgasmr::error (after failing the job) when the caller may not take part: not a member
  /// of the team, not the thread that runs `me`, a team of an ended run, ...
  Participants(pg::Context& me, const Options& options, const char* operation);

  /// For the later steps of a call whose first step already took the caller with the checked
  /// constructor: a reduction builds several (a few hundred instructions of checks each, at 8 B).
  struct Checked {};
  Participants(pg::Context& me, const Options& options, const char* operation, Checked);

  pg::Context& me() const noexcept { return me_; }
  pg::Team& team() const noexcept { return *team_; }
  Algorithm algorithm() const noexcept { return algorithm_; }
  const char* operation() const noexcept { return operation_; }

  /// Members as the collective numbers them: team ranks, or every thread id with
  /// Addressing::thread_ids (then non-members are numbered but take no part).
  int count() const noexcept { return count_; }
  /// The caller's member index.
  int mine() const noexcept { return mine_; }
  /// Global thread of member m (a valid member index: plans ask for it on every copy).
  pg::thread_id thread_of(int member) const noexcept {
    return by_thread_ ? member : threads_[static_cast<std::size_t>(member)];
  }
  /// False for the non-member threads of Addressing::thread_ids.
  bool takes_part(int member) const { return !by_thread_ || in_team(member); }

  /// Validates a member index given by the user (root, permutation entry).
  void check_member(int member, const char* what) const {
    if (member < 0 || member >= count_ || !takes_part(member)) refuse_member(member, what);
  }

  /// Fails the job with pgasmr::error naming this operation, so that no thread waits for the
  /// caller, then throws it.
  [[noreturn]] void refuse(const std::string& cause) const;

 private:
  bool in_team(pg::thread_id thread) const;
  [[noreturn, gnu::cold, gnu::noinline]] void refuse_member(int member, const char* what) const;
  void refuse_plans_beyond_memory() const;

  pg::Context& me_;
  pg::Team* team_;
  std::span<const pg::thread_id> threads_;  // the team's members, by rank
  const char* operation_;
  Algorithm algorithm_;
  bool by_thread_;
  int count_;
  int mine_;
};

}  // namespace pgasmr::coll::detail
