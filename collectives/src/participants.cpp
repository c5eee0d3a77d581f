#include "participants.hpp"

#include "inter_process.hpp"
#include "progress_thread.hpp"

#include <unistd.h>

#include <string>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>

namespace pgasmr::coll::detail {

Participants::Participants(pg::Context& me, const Options& options, const char* operation, Checked)
    : me_(me),
      team_(options.team ? options.team : &me.world()),
      threads_(team_->threads()),
      operation_(operation),
      algorithm_(options.algorithm),
      by_thread_(options.addressing == Addressing::thread_ids),
      count_(by_thread_ ? me.threads() : team_->size()),
      mine_(by_thread_ ? me.thread() : team_->rank()) {}

Participants::Participants(pg::Context& me, const Options& options, const char* operation)
    : Participants(me, options, operation, Checked{}) {
  if (auto why = team_->unusable_because(); !why.empty()) refuse(why);
  // Another team's check covers that team's member; the world team's, whether this OS thread runs `me`.
  if (team_ != &me.world())
    if (auto why = me.world().unusable_because(); !why.empty()) refuse(why);
  // A call of the caller's own would mix with a non-blocking collective in flight on the twin.
  if (team_->is_twin() && !on_progress_thread())
    refuse("a team's twin is the non-blocking collectives' own: call the i-form on the team instead");
  // A malformed PGASMR_COLL_ALGORITHM is refused by each thread's first collective, not only
  // once (or if) traffic crosses processes.
  thread_local bool algorithm_checked = false;
  if (!algorithm_checked) {
    try {
      (void)requested_algorithm(options.algorithm);
    } catch (const pgasmr::error& e) {
      refuse(e.cause());
    }
    algorithm_checked = true;
  }
  refuse_plans_beyond_memory();
}

/// Every member plans every copy of a collective: up to count^2 copies (an all-to-all's), each
/// with its task, on each of the process's members at once. Where that would take more than
/// half the machine's memory, the kernel's out-of-memory killer would end the job with no word
/// (measured: 590 MB at 200 threads of one process, 11 GB at 500, 17 GB at 540).
void Participants::refuse_plans_beyond_memory() const {
  constexpr double bytes_per_copy = 128;  // a Copy, its Task and more: 74-108 B a copy measured
  if (count_ <= 64) return;  // at most 64^3 copies at once: 32 MiB
  static const double memory =
      static_cast<double>(::sysconf(_SC_PHYS_PAGES)) * static_cast<double>(::sysconf(_SC_PAGESIZE));
  const double members = count_, local = static_cast<double>(team_->local_ranks().size());
  const double plans = members * members * local * bytes_per_copy;
  if (memory <= 0 || plans <= memory / 2) return;
  auto gib = [](double bytes) { return std::to_string(static_cast<long long>(bytes / (1 << 30))); };
  refuse(std::to_string(count_) + " members, " + std::to_string(team_->local_ranks().size()) +
         " of them in this process, would each plan up to " + std::to_string(count_) + "^2 copies: about " +
         gib(plans) + " GiB at once, more than half this machine's " + gib(memory) +
         " GiB (the collectives plan every copy on every member; see docs/collectives.md, Errors)");
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
