#include "cancellation.hpp"

#include <chrono>
#include <optional>
#include <thread>

#include <pgasmr/pgas/detail/core.hpp>

#include "current_thread.hpp"

namespace pgasmr::pgas::detail {

namespace {
bool is_job_cancelled(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const job_cancelled&) {
    return true;
  } catch (...) {
    return false;
  }
}
}  // namespace

void Cancellation::cancel(std::exception_ptr error) {
  std::lock_guard guard(mutex_);
  if (error && (!first_error_ || first_is_job_cancelled_)) {
    bool consequence = is_job_cancelled(error);
    if (!first_error_ || !consequence) {
      first_error_ = error;
      first_is_job_cancelled_ = consequence;
    }
  }
  cancelled_.store(true, std::memory_order_release);
  for (auto* word : watched_) {
    word->fetch_add(1, std::memory_order_acq_rel);
    word->notify_all();
  }
}

void Cancellation::throw_if_cancelled() const {
  if (cancelled()) throw job_cancelled("wait", current_thread(), "job cancelled because another thread failed");
}

std::exception_ptr Cancellation::first_error() const {
  std::lock_guard guard(mutex_);
  return first_error_;
}

void Cancellation::watch(std::atomic<std::uint32_t>& word) {
  std::lock_guard guard(mutex_);
  watched_.push_back(&word);
}

void Cancellation::unwatch(std::atomic<std::uint32_t>& word) {
  std::lock_guard guard(mutex_);
  std::erase(watched_, &word);
}

void back_off(unsigned round, unsigned spin_rounds) {
  // A wait yields for its first millisecond before it sleeps. A sleep lasts at least the timer
  // slack (50 us), and the member a sleeper keeps waiting may then wait long enough to sleep in
  // turn: on a 2-core host, with the yields counted (192) instead of timed, 5 us collectives
  // between processes ran at 20-100 us for seconds at a time (docs/performance.md).
  constexpr auto yield_for = std::chrono::milliseconds(1);
  constexpr auto nap = std::chrono::microseconds(100);
  thread_local std::chrono::steady_clock::time_point yielding_since;
  if (round < spin_rounds) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    return;
  }
  auto now = std::chrono::steady_clock::now();
  if (round == spin_rounds) yielding_since = now;
  if (now - yielding_since < yield_for)
    std::this_thread::yield();
  else
    std::this_thread::sleep_for(nap);
}

void wait_while_equal(const Cancellation& cancellation, const std::atomic<std::uint32_t>& word, std::uint32_t old) {
  constexpr unsigned spin_rounds = 2000;
  // The note is for waits that last: a word already changed (a barrier's last arrival) needs none.
  std::optional<WaitNote> waiting;
  for (unsigned round = 0; round < spin_rounds; ++round) {
    if (word.load(std::memory_order_acquire) != old) {
      // cancel() changes the word too, to wake its waiters: a change is a release only if the
      // job still runs. (Returning here on any change let a member of a collective go on to
      // copy from the buffers of a member that had failed instead of arriving.)
      cancellation.throw_if_cancelled();
      return;
    }
    if (round == 0) waiting.emplace();
    if (round % 64 == 63) std::this_thread::yield();
  }
  while (word.load(std::memory_order_acquire) == old) {
    cancellation.throw_if_cancelled();
    word.wait(old, std::memory_order_acquire);
  }
  cancellation.throw_if_cancelled();
}

}  // namespace pgasmr::pgas::detail
