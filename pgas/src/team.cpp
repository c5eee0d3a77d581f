#include <pgasmr/pgas/team.hpp>

#include <algorithm>
#include <string>
#include <string_view>

#include <pgasmr/pgas/error.hpp>

#include "current_thread.hpp"
#include "team_state.hpp"

namespace pgasmr::pgas {

Team::Team(std::shared_ptr<detail::TeamState> state, team_rank rank) : state_(std::move(state)), rank_(rank) {}

Team::~Team() = default;

int Team::size() const noexcept { return state_ ? static_cast<int>(state_->members().size()) : 0; }

std::span<const thread_id> Team::threads() const noexcept {
  if (!state_) return {};
  return state_->members();
}

thread_id Team::thread_of(team_rank rank) const {
  if (rank < 0 || rank >= size())
    throw_error("Team::thread_of", "rank " + std::to_string(rank) + " is not in a team of size " + std::to_string(size()));
  return state_->members()[static_cast<std::size_t>(rank)];
}

std::optional<team_rank> Team::rank_of(thread_id thread) const {
  auto members = threads();
  auto at = std::ranges::find(members, thread);
  if (at == members.end()) return std::nullopt;
  return static_cast<team_rank>(at - members.begin());
}

detail::TeamState& Team::state() const {
  if (!state_) throw_error("Team", unusable_because());
  return *state_;
}

std::string Team::unusable_because() const {
  if (!state_) return "the calling thread is not a member of the team (empty team)";
  if (!state_->of_running_job())
    return "the team belongs to a run that has ended: a team lives only as long as the run that made it";
  // Another OS thread's barrier would count as this member's arrival.
  if (auto member = state_->members()[static_cast<std::size_t>(rank_)]; detail::current_thread() != member)
    return "used from an OS thread that does not run PGAS thread " + std::to_string(member) +
           ": a Context and its teams belong to the thread that runs the body";
  return {};
}

detail::TeamState& Team::usable_state(const char* operation) const {
  if (auto why = unusable_because(); !why.empty()) throw_error(operation, why);
  return *state_;
}

bool Team::of_running_job() const noexcept { return state_ && state_->of_running_job(); }

std::span<const team_rank> Team::local_ranks() const { return state().local_ranks(); }
int Team::local_index() const { return state().local_index(rank_); }
std::span<const int> Team::processes() const { return state().processes(); }
ProcessGroup* Team::process_group() const { return state().group(); }
void Team::local_step(const std::function<void()>& last) { state().local_step(last); }

std::shared_ptr<void> Team::extension_slot(std::type_index type, const std::function<std::shared_ptr<void>()>& make) const {
  return state().extension(type, make);
}

Team Team::twin() const {
  if (!state_) return {};
  return {state_->twin(), rank_};
}

bool Team::is_twin() const noexcept { return state_ && state_->is_twin(); }

Team Team::split(int color, int key) {
  auto child = usable_state("Team::split").split(rank_, color, key);
  if (!child) return {};
  auto members = child->members();
  auto me = state_->members()[static_cast<std::size_t>(rank_)];
  auto rank = static_cast<team_rank>(std::ranges::find(members, me) - members.begin());
  return {std::move(child), rank};
}

void Team::notify() { notify_for("Team::notify"); }

void Team::notify_for(const char* operation) {
  if (notified_)
    throw_error(operation, operation == std::string_view("Team::barrier")
                               ? "barrier called between notify and wait"
                               : "notify called twice without wait in between");
  pending_generation_ = usable_state(operation).arrive();
  notified_ = true;
}

void Team::wait() {
  if (!notified_) throw_error("Team::wait", "wait called without a matching notify");
  notified_ = false;
  state().wait(pending_generation_);
}

void Team::barrier() {
  notify_for("Team::barrier");
  wait();
}

}  // namespace pgasmr::pgas
