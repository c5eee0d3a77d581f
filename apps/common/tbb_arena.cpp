#include "common/tbb_arena.hpp"

#if defined(__SANITIZE_THREAD__)
#include <atomic>
#include <thread>

#include <tbb/task_scheduler_observer.h>

extern "C" void __tsan_ignore_thread_begin();
extern "C" void __tsan_ignore_thread_end();
#endif

namespace pgasmr::apps {

#if defined(__SANITIZE_THREAD__)
// Each worker ignores its own memory accesses while it is in the arena; the calling thread,
// which runs tasks as well, stays checked. A thread must end its ignoring before it exits
// (TSan stops the process otherwise), so the observer stays until every worker has left.
class TbbArena::UnwatchedWorkers : public tbb::task_scheduler_observer {
 public:
  explicit UnwatchedWorkers(tbb::task_arena& arena) : tbb::task_scheduler_observer(arena) { observe(true); }

  ~UnwatchedWorkers() override {
    while (inside_.load() != 0) std::this_thread::yield();  // idle workers leave within moments
    observe(false);
  }

  void on_scheduler_entry(bool is_worker) override {
    if (!is_worker) return;
    ++inside_;
    __tsan_ignore_thread_begin();
  }

  void on_scheduler_exit(bool is_worker) override {
    if (!is_worker) return;
    __tsan_ignore_thread_end();
    --inside_;
  }

 private:
  std::atomic<int> inside_{0};
};
#else
class TbbArena::UnwatchedWorkers {};
#endif

TbbArena::TbbArena(std::size_t threads)
    : allowed_(tbb::global_control::max_allowed_parallelism, threads), arena_(static_cast<int>(threads)) {
#if defined(__SANITIZE_THREAD__)
  unwatched_ = std::make_unique<UnwatchedWorkers>(arena_);
#endif
}

TbbArena::~TbbArena() = default;

}  // namespace pgasmr::apps
