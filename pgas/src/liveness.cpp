#include "liveness.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>

#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>

#include "job.hpp"

namespace pgasmr::pgas::detail {
namespace {

/// How long every thread must stay in one wait before the watch gives up on them: far beyond any
/// wait that another thread of the process will end, short enough for a user.
constexpr auto stuck_for = std::chrono::seconds(1);

}  // namespace

thread_local Liveness::Slot* Liveness::my_slot = nullptr;

Liveness::Liveness(int threads, thread_id first)
    : threads_(threads), first_(first), slots_(std::make_unique<Slot[]>(2 * static_cast<std::size_t>(threads))) {
  for (int helper = threads; helper < 2 * threads; ++helper)
    slots_[static_cast<std::size_t>(helper)].active.store(0, std::memory_order_relaxed);
}

void Liveness::enter(int local) noexcept {
  my_slot = &slots_[static_cast<std::size_t>(local)];
}

void Liveness::wait_begins() noexcept {
  if (!my_slot) return;
  // Only the owner writes its slot: a load and a store, no read-modify-write.
  my_slot->waits.store(my_slot->waits.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  my_slot->waiting.store(true, std::memory_order_relaxed);
  my_slot->lock_holder.store(-1, std::memory_order_relaxed);  // a lock's wait notes its holder anew
}

void Liveness::waits_for_lock_of(thread_id holder) noexcept {
  if (my_slot) my_slot->lock_holder.store(holder, std::memory_order_relaxed);
}

void Liveness::wait_ends() noexcept {
  if (my_slot) my_slot->waiting.store(false, std::memory_order_relaxed);
}

void Liveness::transport_call_begins(TransportCall call) noexcept {
  if (!my_slot) return;
  // A call among unknown processes is not noted: it counts as progress.
  if (call.processes == 0) return;
  auto& noted = my_slot->transport_call;
  noted.which.store(call.which, std::memory_order_relaxed);
  noted.what.store(call.what, std::memory_order_relaxed);
  noted.group.store(call.group, std::memory_order_relaxed);
  noted.index.store(call.index, std::memory_order_relaxed);
  noted.processes.store(call.processes, std::memory_order_relaxed);
  wait_begins();
}

void Liveness::transport_call_ends() noexcept {
  if (!my_slot || my_slot->transport_call.processes.load(std::memory_order_relaxed) == 0) return;  // not noted
  wait_ends();
  my_slot->transport_call.processes.store(0, std::memory_order_relaxed);
}

WaitNote::WaitNote() noexcept { Liveness::wait_begins(); }
WaitNote::~WaitNote() { Liveness::wait_ends(); }

void Liveness::helper_given_work(int local) noexcept {
  slots_[static_cast<std::size_t>(threads_ + local)].active.fetch_add(1, std::memory_order_relaxed);
}

void Liveness::helper_starts(int local) noexcept {
  auto& slot = slots_[static_cast<std::size_t>(threads_ + local)];
  my_slot = &slot;
  // A piece of work begun is progress: the watchers see the count move.
  slot.waits.store(slot.waits.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

void Liveness::helper_ends(int local) noexcept {
  auto& slot = slots_[static_cast<std::size_t>(threads_ + local)];
  slot.waits.store(slot.waits.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  slot.active.fetch_sub(1, std::memory_order_acq_rel);  // its last touch of the body thread's things
  my_slot = nullptr;
}

std::vector<Liveness::Look> Liveness::look() const {
  std::vector<Look> slots;
  for (std::size_t k = 0; k < 2 * static_cast<std::size_t>(threads_); ++k)
    slots.push_back({slots_[k].waits.load(std::memory_order_relaxed),
                     slots_[k].waiting.load(std::memory_order_relaxed),
                     {slots_[k].transport_call.processes.load(std::memory_order_relaxed),
                      slots_[k].transport_call.which.load(std::memory_order_relaxed),
                      slots_[k].transport_call.what.load(std::memory_order_relaxed),
                      slots_[k].transport_call.group.load(std::memory_order_relaxed),
                      slots_[k].transport_call.index.load(std::memory_order_relaxed)},
                     slots_[k].lock_holder.load(std::memory_order_relaxed),
                     slots_[k].active.load(std::memory_order_relaxed)});
  return slots;
}

std::optional<Liveness::Stuck> Liveness::stuck(const std::vector<Look>& before, const std::vector<Look>& now) const {
  // In one wait throughout: waiting at both looks, and no wait (or helper's work) begun between.
  Stuck found;
  auto in_one_wait = [&](std::size_t k) {
    bool one = before[k].waiting && now[k].waiting && before[k].waits == now[k].waits;
    if (one && now[k].transport_call.processes != 0) found.transport_calls.push_back(now[k].transport_call);
    return one;
  };
  for (int t = 0; t < threads_; ++t) {
    auto body = static_cast<std::size_t>(t), helper = static_cast<std::size_t>(threads_ + t);
    bool helper_idle =
        before[helper].active == 0 && now[helper].active == 0 && before[helper].waits == now[helper].waits;
    if (!helper_idle) {
      if (!in_one_wait(helper)) return std::nullopt;
      found.helpers.push_back(t);
    }
    if (now[body].active == 0) {
      found.departed.push_back(t);
      continue;
    }
    if (!in_one_wait(body)) return std::nullopt;
    found.threads.push_back(t);
    found.lock_holders.push_back(now[body].lock_holder);
  }
  if (found.threads.empty() && found.helpers.empty()) return std::nullopt;  // the job is ending
  return found;
}

bool Liveness::all_returned(const std::vector<Look>& now) const {
  for (std::size_t k = 0; k < now.size(); ++k)
    if (now[k].active != 0) return false;
  return true;
}

std::string Liveness::list(const std::vector<int>& locals) const {
  std::string who = locals.size() > 1 ? "threads " : "thread ";
  for (std::size_t k = 0; k < locals.size() && k < 8; ++k) who += (k ? ", " : "") + std::to_string(first_ + locals[k]);
  if (locals.size() > 8) who += " and " + std::to_string(locals.size() - 8) + " more";
  return who;
}

pgasmr::error Liveness::explain(const Stuck& found, const std::optional<PeerStates::Returned>& others) const {
  const std::string rule = ": every thread must make the same collective calls, in the same order";
  const auto& waiting = found.threads.empty() ? found.helpers : found.threads;
  std::string returned = found.departed.empty() ? "" : list(found.departed);
  auto add = [&](const char* who, const std::vector<int>& processes) {
    if (processes.empty()) return;
    returned += std::string(returned.empty() ? "" : " and ") + who + (processes.size() > 1 ? "es " : " ");
    for (std::size_t k = 0; k < processes.size(); ++k) returned += (k ? ", " : "") + std::to_string(processes[k]);
  };
  if (others) {
    add("every thread of process", others->whole);
    add("a thread of process", others->partly);
  }
  // Locks whose holders are among the threads that wait: those threads wait for each other,
  // whoever else has returned. A lock held by a thread that has returned stays held.
  auto is_one_of = [&](thread_id holder, const std::vector<int>& locals) {
    return std::ranges::any_of(locals, [&](int local) { return first_ + local == holder; });
  };
  auto every_holder_among = [&](const std::vector<int>& locals) {
    return !found.threads.empty() &&
           std::ranges::all_of(found.lock_holders, [&](thread_id holder) { return is_one_of(holder, locals); });
  };
  if (every_holder_among(found.threads))
    return {"Runtime::run", first_ + found.threads.front(),
            list(found.threads) + " wait for locks that they hold themselves: they took locks in different orders" +
                (returned.empty() ? "" : " (" + returned + " returned from the job's body meanwhile)") +
                ": every thread must take locks in one order"};
  if (every_holder_among(found.departed))
    return {"Runtime::run", found.lock_holders.front(),
            list(found.departed) + " returned from the job's body while " + list(found.threads) +
                (found.threads.size() > 1 ? " wait" : " waits") +
                (found.departed.size() > 1 ? " for locks they held" : " for a lock it held") +
                ": unlock every lock before returning"};
  if (returned.empty())
    return {"Runtime::run", first_ + waiting.front(),
            "every thread waits for another (" + list(waiting) +
                (others ? " in this process, and the other processes' threads" : "") +
                ", in barriers, collectives, requests or for locks) and none can go on: the threads made "
                "different collective calls (a blocking one on some, its i-form on others?) or took locks in "
                "different orders" +
                rule};
  auto reporter = first_ + (found.departed.empty() ? waiting : found.departed).front();
  if (found.threads.empty())
    return {"Runtime::run", reporter,
            returned + " returned from the job's body while the non-blocking collectives of " + list(found.helpers) +
                " wait for members that never joined them" + rule};
  bool several = found.departed.size() > 1 || (others && (!others->whole.empty() || !others->partly.empty()));
  return {"Runtime::run", reporter,
          returned + " returned from the job's body while " + list(found.threads) +
              (found.threads.size() > 1 ? " wait" : " waits") + (several ? " for them" : " for it") +
              " (in a barrier, a collective or for a lock)" + rule};
}

std::jthread Liveness::watch(Job& job) {
  return std::jthread([this, &job](const std::stop_token& stop) {
    auto& cancellation = job.cancellation();
    std::optional<PeerStates> peers;
    if (job.multi_process()) peers.emplace(job);
    std::mutex mutex;
    std::condition_variable_any never;
    std::unique_lock lock(mutex);
    auto before = look();
    for (;;) {
      never.wait_for(lock, stop, stuck_for, [] { return false; });  // a second, or until stopped
      if (stop.stop_requested() || cancellation.cancelled()) return;
      auto now = look();
      auto found = stuck(before, now);
      if (!peers) {
        if (found) return cancellation.cancel(std::make_exception_ptr(explain(*found)));
      } else {
        using Kind = PeerStates::Finding::Kind;
        PeerStates::Finding finding;
        finding.kind = found ? Kind::stuck : all_returned(now) ? Kind::returned : Kind::running;
        if (found) {
          finding.threads_returned = !found->departed.empty();
          finding.transport_calls = found->transport_calls;
        }
        // A thread stuck in a blocking MPI call cannot be unwound: the watch ends the job itself.
        try {
          if (peers->none_can_go_on(finding))
            job.fail_every_process(std::make_exception_ptr(explain(*found, peers->returned())));
        } catch (...) {  // MPI failed: the job cannot go on either
          job.fail_every_process(std::current_exception());
        }
      }
      before = std::move(now);
    }
  });
}

void Liveness::depart(int local, const Cancellation& cancellation) {
  // The departure wait is not one of the waits the watch looks at.
  my_slot = nullptr;
  slots_[static_cast<std::size_t>(local)].active.store(0, std::memory_order_relaxed);
  departed_.fetch_add(1, std::memory_order_acq_rel);
  // Also waits for the work this thread gave its helper (a non-blocking collective whose request
  // was moved out of the body): it uses the thread's Context, which ends with the thread.
  const auto& helper = slots_[static_cast<std::size_t>(threads_ + local)];
  for (unsigned round = 0;
       departed_.load(std::memory_order_acquire) < threads_ || helper.active.load(std::memory_order_acquire) != 0;
       ++round) {
    cancellation.throw_if_cancelled();
    back_off(round);
  }
}

void Liveness::await_helper(int local) const noexcept {
  const auto& helper = slots_[static_cast<std::size_t>(threads_ + local)];
  for (unsigned round = 0; helper.active.load(std::memory_order_acquire) != 0; ++round) back_off(round);
}

HelperAtWork::HelperAtWork(const Context& me) noexcept : liveness_(me.job().liveness()), local_(me.local_thread()) {
  liveness_.helper_starts(local_);
}
HelperAtWork::~HelperAtWork() { liveness_.helper_ends(local_); }

void helper_given_work(const Context& me) noexcept { me.job().liveness().helper_given_work(me.local_thread()); }

}  // namespace pgasmr::pgas::detail
