#include "team_state.hpp"

#include <algorithm>
#include <cstring>
#include <set>
#include <string>

#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/team.hpp>

#include "current_thread.hpp"
#include "job.hpp"

namespace pgasmr::pgas::detail {

TeamState::TeamState(Job& job, std::vector<thread_id> members, std::unique_ptr<ProcessGroup> group, bool is_twin)
    : job_(job),
      job_serial_(job.serial()),
      members_(std::move(members)),
      local_index_(members_.size(), -1),
      group_(std::move(group)),
      is_twin_(is_twin) {
  if (group_ && !is_twin_) twin_group_ = group_->duplicate();
  for (team_rank r = 0; r < static_cast<team_rank>(members_.size()); ++r) {
    if (job_.process_of(members_[static_cast<std::size_t>(r)]) != job_.process()) continue;
    local_index_[static_cast<std::size_t>(r)] = static_cast<int>(local_ranks_.size());
    local_ranks_.push_back(r);
  }
  for (auto thread : members_) processes_.push_back(job_.process_of(thread));
  std::ranges::sort(processes_);
  processes_.erase(std::unique(processes_.begin(), processes_.end()), processes_.end());
  split_requests_.resize(local_ranks_.size());
  job_.cancellation().watch(generation_);
}

TeamState::~TeamState() {
  // A team kept past its run outlives the job and its cancellation.
  if (of_running_job()) job_.cancellation().unwatch(generation_);
}

bool TeamState::of_running_job() const noexcept { return job_serial_ == Job::running_serial(); }

void TeamState::release() noexcept {
  generation_.fetch_add(1, std::memory_order_acq_rel);
  generation_.notify_all();
}

bool TeamState::last_to_arrive(bool local_step) {
  constexpr std::uint64_t step_arrival = (std::uint64_t{1} << 32) | 1;
  auto arrived = arrived_.fetch_add(local_step ? step_arrival : 1, std::memory_order_acq_rel) +
                 (local_step ? step_arrival : 1);
  const auto members = local_ranks_.size(), all = arrived & 0xffffffff, steps = arrived >> 32;
  if (all != members) return false;
  arrived_.store(0, std::memory_order_relaxed);
  // A user's barrier met by a step of pgasmr's own (a team split, the engine's reduce) would
  // run that step without the barrier's thread, which reads what it never posted.
  if (steps != 0 && steps != members) {
    pgasmr::error mismatch("Team::barrier", current_thread(),
                           std::to_string(members - steps) + " of this process's " + std::to_string(members) +
                               " members of the team are in a barrier, the others in a step of a collective "
                               "operation (Team::split, the engine's apply_reduce, ...): every member must make "
                               "the same collective calls in the same order");
    job_.cancellation().cancel(std::make_exception_ptr(mismatch));
    throw mismatch;
  }
  return true;
}

std::uint32_t TeamState::arrive() {
  auto generation = generation_.load(std::memory_order_acquire);
  if (last_to_arrive(false)) {
    if (group_) {
      job_.transport().flush_all_and_sync();
      group_->barrier_start();
      inter_process_pending_.store(true, std::memory_order_release);
    } else {
      release();
    }
  }
  return generation;
}

void TeamState::wait(std::uint32_t generation) {
  auto& cancellation = job_.cancellation();
  for (unsigned round = 0;; ++round) {
    if (generation_.load(std::memory_order_acquire) != generation) {
      cancellation.throw_if_cancelled();
      return;
    }
    if (!inter_process_pending_.load(std::memory_order_acquire)) {
      wait_while_equal(cancellation, generation_, generation);
      continue;
    }
    std::unique_lock poller(progress_, std::try_to_lock);
    if (poller && inter_process_pending_.load(std::memory_order_acquire)) {
      poll_until(cancellation, [&] { return group_->barrier_test(); });
      job_.transport().flush_all_and_sync();
      inter_process_pending_.store(false, std::memory_order_release);
      release();
      return;
    }
    poller = {};
    cancellation.throw_if_cancelled();
    back_off(round);
  }
}

void TeamState::local_step(const std::function<void()>& last) {
  auto generation = generation_.load(std::memory_order_acquire);
  if (last_to_arrive(true)) {
    // If `last` throws, the caller's failure cancels the job, which wakes the others.
    if (last) last();
    release();
  } else {
    wait_while_equal(job_.cancellation(), generation_, generation);
  }
}

std::shared_ptr<TeamState> TeamState::twin() {
  if (is_twin_) throw_error("Team::twin", "a twin team has no twin of its own");
  std::lock_guard guard(twin_mutex_);
  if (!twin_) twin_ = std::make_shared<TeamState>(job_, members_, std::move(twin_group_), true);
  return twin_;
}

std::shared_ptr<void> TeamState::extension(std::type_index type, const std::function<std::shared_ptr<void>()>& make) {
  std::lock_guard guard(extensions_mutex_);
  auto& slot = extensions_[type];
  if (!slot) slot = make();
  return slot;
}

std::shared_ptr<TeamState> TeamState::split(team_rank rank, int color, int key) {
  if (color < Team::no_color)
    throw_error("Team::split", "color must be >= 0 or Team::no_color, got " + std::to_string(color));
  split_requests_[static_cast<std::size_t>(local_index(rank))] = {color, key, rank};
  local_step([this] { compute_split(); });
  if (color == Team::no_color) return nullptr;
  return split_results_.at(color);
}

void TeamState::compute_split() {
  split_results_.clear();
  std::vector<SplitRequest> everyone = split_requests_;
  if (group_) {
    std::vector<std::size_t> sizes;
    auto bytes = group_->allgather(std::as_bytes(std::span(split_requests_)), sizes);
    everyone.resize(bytes.size() / sizeof(SplitRequest));
    std::memcpy(everyone.data(), bytes.data(), bytes.size());
  }

  const auto& team_processes = processes_;  // ascending = group rank order

  std::set<int> local_colors;  // ascending, so every process creates shared groups in one order
  for (const auto& request : split_requests_)
    if (request.color != Team::no_color) local_colors.insert(request.color);

  for (int color : local_colors) {
    std::vector<SplitRequest> chosen;
    std::ranges::copy_if(everyone, std::back_inserter(chosen), [color](const auto& r) { return r.color == color; });
    std::ranges::sort(chosen, [](const auto& a, const auto& b) { return std::tie(a.key, a.rank) < std::tie(b.key, b.rank); });

    std::vector<thread_id> threads;
    std::vector<int> group_ranks;
    for (const auto& request : chosen) {
      auto thread = members_[static_cast<std::size_t>(request.rank)];
      threads.push_back(thread);
      auto at = std::ranges::lower_bound(team_processes, job_.process_of(thread));
      group_ranks.push_back(static_cast<int>(at - team_processes.begin()));
    }
    std::ranges::sort(group_ranks);
    group_ranks.erase(std::unique(group_ranks.begin(), group_ranks.end()), group_ranks.end());
    auto subgroup = group_ranks.size() > 1 ? group_->subgroup(group_ranks) : nullptr;
    split_results_[color] = std::make_shared<TeamState>(job_, std::move(threads), std::move(subgroup));
  }
}

}  // namespace pgasmr::pgas::detail
