#pragma once
// ProgressThread: an OS thread that works for one PGAS thread, running what it is given one
// piece after another, in order. The non-blocking collectives run there, beside their caller.

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stop_token>
#include <thread>

#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll::detail {

namespace pg = pgasmr::pgas;

class ProgressThread {
 public:
  /// Starts the thread; its errors name `me`'s PGAS thread.
  explicit ProgressThread(const pg::Context& me);
  /// Lets the thread run what is queued, then ends it.
  ~ProgressThread();
  ProgressThread(const ProgressThread&) = delete;
  ProgressThread& operator=(const ProgressThread&) = delete;

  /// Queues `work` behind everything posted before. `work` must not throw.
  void post(std::function<void()> work);

 private:
  void serve(const std::stop_token& stop);

  std::mutex mutex_;
  std::condition_variable_any posted_;
  std::deque<std::function<void()>> queue_;
  std::jthread thread_;  // last: it starts once the members above exist
};

/// The progress thread of the calling PGAS thread, made on first use; it lives as long as the
/// job (Runtime::run).
ProgressThread& progress_thread_of(pg::Context& me);

/// Whether the caller is a progress thread (the only callers of collectives on a twin team).
bool on_progress_thread() noexcept;

}  // namespace pgasmr::coll::detail
