#pragma once
// Cancellation of a job and the waiting primitives that honour it: a thread that fails cancels
// the job, and every thread blocked in pgasmr wakes up and throws job_cancelled instead of
// waiting forever.

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <vector>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>

namespace pgasmr::pgas::detail {

/// Thrown in the other threads of a cancelled job; Runtime::run reports the original error.
class job_cancelled : public pgasmr::error {
  using pgasmr::error::error;
};

class Cancellation {
 public:
  /// Records `error` if it is the first, and wakes every waiter. Thread-safe. A job_cancelled
  /// only reports that some failure cancelled the job, so the first other error replaces it:
  /// a thread may cancel the job while it unwinds from an error that reaches run() later.
  void cancel(std::exception_ptr error);
  bool cancelled() const noexcept { return cancelled_.load(std::memory_order_acquire); }
  /// Throws job_cancelled when the job is cancelled.
  void throw_if_cancelled() const;
  std::exception_ptr first_error() const;

  /// A word that waiters block on with wait_while_equal; cancel() changes and notifies it.
  void watch(std::atomic<std::uint32_t>& word);
  void unwatch(std::atomic<std::uint32_t>& word);

 private:
  std::atomic<bool> cancelled_{false};
  mutable std::mutex mutex_;
  std::exception_ptr first_error_;
  bool first_is_job_cancelled_ = false;
  std::vector<std::atomic<std::uint32_t>*> watched_;
};

/// Blocks while word == old: spins briefly, then sleeps in the kernel (futex) so that
/// oversubscribed threads give their core away. Throws job_cancelled on cancellation.
void wait_while_equal(const Cancellation&, const std::atomic<std::uint32_t>& word, std::uint32_t old);

/// Polls `ready` with growing pauses (spin, yield, short sleeps) until it returns true, for
/// conditions no futex can signal (remote memory, MPI requests). Throws job_cancelled.
template <class Ready>
void poll_until(const Cancellation& cancellation, Ready&& ready);

/// One step of the polling back-off: spins for the first `spin_rounds` rounds, then yields for
/// a millisecond, then sleeps. Each wait counts its rounds from 0.
void back_off(unsigned round, unsigned spin_rounds = 64);

template <class Ready>
void poll_until(const Cancellation& cancellation, Ready&& ready) {
  if (ready()) return;  // no wait to note
  WaitNote waiting;
  for (unsigned round = 0; !ready(); ++round) {
    cancellation.throw_if_cancelled();
    back_off(round);
  }
}

}  // namespace pgasmr::pgas::detail
