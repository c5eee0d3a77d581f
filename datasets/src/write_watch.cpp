#include "write_watch.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace pgasmr::datasets::detail {
namespace {

/// A watch as watch_writes hands it out: the kernel's watch of the file and how many of its
/// writes (and of the queue's overflows) had ended before.
struct Watch {
  int descriptor;
  std::uint64_t writes_before;
  std::uint64_t overflows_before;
};

class Watches {
 public:
  int watch(int fd) {
    std::lock_guard lock(mutex_);
    if (inotify_ < 0) return -1;
    // Counted before the watch is added: a write that ends in between counts as after it, which
    // can only refuse a file, never let a torn read through.
    drain();
    const std::string path = "/proc/self/fd/" + std::to_string(fd);  // the open file, not a path that may name another
    const int descriptor = ::inotify_add_watch(inotify_, path.c_str(), IN_MODIFY);
    if (descriptor < 0) return -1;
    watches_.push_back({descriptor, writes_[descriptor], overflows_});
    return static_cast<int>(watches_.size() - 1);
  }

  bool ended(int watch) {
    std::lock_guard lock(mutex_);
    drain();
    const auto& w = watches_[static_cast<std::size_t>(watch)];
    return writes_[w.descriptor] != w.writes_before || overflows_ != w.overflows_before;
  }

  static Watches& instance() {
    static Watches& watches = *new Watches;  // never destroyed: a reader may check while the process exits
    return watches;
  }

 private:
  Watches() : inotify_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}

  /// Counts every queued event. Under mutex_.
  void drain() {
    alignas(inotify_event) char buffer[16 * 1024];
    for (;;) {
      const auto got = ::read(inotify_, buffer, sizeof buffer);
      if (got <= 0) return;  // EAGAIN: nothing queued
      for (std::size_t at = 0; at + sizeof(inotify_event) <= static_cast<std::size_t>(got);) {
        inotify_event event;
        std::memcpy(&event, buffer + at, sizeof event);
        if (event.mask & IN_Q_OVERFLOW) ++overflows_;
        if (event.mask & IN_MODIFY) ++writes_[event.wd];
        at += sizeof(inotify_event) + event.len;
      }
    }
  }

  std::mutex mutex_;
  int inotify_;
  std::vector<Watch> watches_;
  std::unordered_map<int, std::uint64_t> writes_;  // ended writes by kernel watch
  std::uint64_t overflows_ = 0;
};

}  // namespace

int watch_writes(int fd) noexcept {
  try {
    return Watches::instance().watch(fd);
  } catch (...) {  // out of memory: the modification time alone tells
    return -1;
  }
}

bool write_ended(int watch) noexcept {
  if (watch < 0) return false;
  try {
    return Watches::instance().ended(watch);
  } catch (...) {
    return true;  // cannot tell: refuse rather than trust
  }
}

}  // namespace pgasmr::datasets::detail
