#include "participants.hpp"

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>

namespace pgasmr::coll::detail {

Participants::Participants(pg::Context& me, const Options& options, const char* operation)
    : me_(me),
      team_(options.team ? options.team : &me.world()),
      operation_(operation),
      algorithm_(options.algorithm),
      by_thread_(options.addressing == Addressing::thread_ids) {
  if (!*team_) refuse("the calling thread is not a member of the team (empty team)");
  threads_ = team_->threads();
  if (by_thread_) {
    count_ = me.threads();
    mine_ = me.thread();
  } else {
    count_ = team_->size();
    mine_ = team_->rank();
  }
}

bool Participants::in_team(pg::thread_id thread) const { return team_->rank_of(thread).has_value(); }

void Participants::refuse_member(int member, const char* what) const {
  if (member < 0 || member >= count_)
    refuse(std::string(what) + " " + std::to_string(member) + " is out of range: " + std::to_string(count_) +
           (by_thread_ ? " threads" : " team members"));
  refuse(std::string(what) + " " + std::to_string(member) + " is not a member of the team");
}

void Participants::refuse(const std::string& cause) const {
  pgasmr::error failure(operation_, me_.thread(), cause);
  pg::detail::fail_job(me_, std::make_exception_ptr(failure));
  throw failure;
}

}  // namespace pgasmr::coll::detail
