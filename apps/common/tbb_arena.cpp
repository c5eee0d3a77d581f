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
namespace {

// Whether this thread ignores its memory accesses. A thread must end its ignoring before it
// exits (TSan stops the process otherwise), and a worker can enter the arena after the
// observer's last look and before it is switched off, so it never hears of its exit: the
// thread's own end ends the ignoring then (thread_local destructors run before TSan's check).
class Ignoring {
 public:
  Ignoring() = default;
  Ignoring(const Ignoring&) = delete;
  Ignoring& operator=(const Ignoring&) = delete;
  ~Ignoring() { end(); }

  void begin() {
    if (on_) return;
    __tsan_ignore_thread_begin();
    on_ = true;
  }

  void end() {
    if (!on_) return;
    __tsan_ignore_thread_end();
    on_ = false;
  }

 private:
  bool on_ = false;
};

thread_local Ignoring ignoring;

}  // namespace

// Each worker ignores its own memory accesses while it is in the arena; the calling thread,
// which runs tasks as well, stays checked. The observer waits for the workers to leave before it
// is switched off, so that hardly any stays ignored in later work (one that enters at the last
// moment does, until it leaves another observed arena or ends).
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
    ignoring.begin();
  }

  void on_scheduler_exit(bool is_worker) override {
    if (!is_worker) return;
    ignoring.end();
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
