#include "progress_thread.hpp"

#include <map>
#include <memory>

#include <pgasmr/pgas/detail/core.hpp>

namespace pgasmr::coll::detail {
namespace {

thread_local bool is_progress_thread = false;

/// The progress threads of this process's PGAS threads, by local thread: a world-team extension,
/// so that they end with the job.
struct ProgressThreads {
  std::mutex mutex;
  std::map<int, std::unique_ptr<ProgressThread>> by_local_thread;
};

}  // namespace

ProgressThread::ProgressThread(const pg::Context& me)
    : thread_([this, &me](const std::stop_token& stop) {
        pg::detail::act_for(me);
        serve(stop);
      }) {}

ProgressThread::~ProgressThread() = default;  // the jthread asks serve() to stop, then joins

void ProgressThread::post(std::function<void()> work) {
  {
    std::lock_guard guard(mutex_);
    queue_.push_back(std::move(work));
  }
  posted_.notify_one();
}

void ProgressThread::serve(const std::stop_token& stop) {
  is_progress_thread = true;
  for (;;) {
    std::function<void()> work;
    {
      std::unique_lock lock(mutex_);
      if (!posted_.wait(lock, stop, [this] { return !queue_.empty(); })) return;  // stopped, nothing queued
      work = std::move(queue_.front());
      queue_.pop_front();
    }
    work();
  }
}

ProgressThread& progress_thread_of(pg::Context& me) {
  auto& threads = me.world().extension<ProgressThreads>();
  std::lock_guard guard(threads.mutex);
  auto& slot = threads.by_local_thread[me.local_thread()];
  if (!slot) slot = std::make_unique<ProgressThread>(me);
  return *slot;
}

bool on_progress_thread() noexcept { return is_progress_thread; }

}  // namespace pgasmr::coll::detail
