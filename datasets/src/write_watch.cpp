#include "write_watch.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace pgasmr::datasets::detail {
namespace {

/// A watch as watch_writes hands it out: the kernel's watch of the file and how many of its
/// writes (and of the queue's overflows) had ended before.
struct Watch {
  std::string path;  // for the error message
  int descriptor;
  std::uint64_t writes_before;
  std::uint64_t overflows_before;
};

/// The kernel's watch of one file: its watchers, and the writes that ended on it.
struct KernelWatch {
  std::size_t watchers = 0;
  std::uint64_t writes = 0;
};

class Watches {
 public:
  int watch(int fd, const std::string& path) {
    std::lock_guard lock(mutex_);
    if (inotify_ < 0 || next_id_ == std::numeric_limits<int>::max()) return -1;
    // Counted before the watch is added: a write that ends in between counts as after it, which
    // can only refuse a file, never let a torn read through. (Not drained, a write that ended
    // before, still queued for another watcher of the file, would count as after it too: a file
    // mapped again after a change was refused.)
    drain();
    const std::string open_file = "/proc/self/fd/" + std::to_string(fd);  // not a path that may name another
    const int descriptor = ::inotify_add_watch(inotify_, open_file.c_str(), IN_MODIFY);
    if (descriptor < 0) return -1;
    auto& kernel = kernel_[descriptor];
    ++kernel.watchers;
    const int id = next_id_++;
    watches_.emplace(id, Watch{path, descriptor, kernel.writes, overflows_});
    return id;
  }

  bool ended(int watch) {
    std::lock_guard lock(mutex_);
    drain();
    const auto w = watches_.find(watch);
    return w != watches_.end() && written(w->second);
  }

  std::optional<std::string> some_ended() {
    std::lock_guard lock(mutex_);
    drain();
    for (const auto& [id, w] : watches_)
      if (written(w)) return w.path;
    return std::nullopt;
  }

  void end(int watch) {
    std::lock_guard lock(mutex_);
    const auto w = watches_.find(watch);
    if (w == watches_.end()) return;
    const int descriptor = w->second.descriptor;
    watches_.erase(w);
    auto kernel = kernel_.find(descriptor);
    if (--kernel->second.watchers > 0) return;
    // Its last watcher: the kernel stops queuing the file's writes (an ended watch's events
    // would fill the queue of a long-lived process).
    ::inotify_rm_watch(inotify_, descriptor);
    kernel_.erase(kernel);
  }

  static Watches& instance() {
    static Watches& watches = *new Watches;  // never destroyed: a reader may check while the process exits
    return watches;
  }

 private:
  Watches() : inotify_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}

  /// Whether a write to w's file ended since w began. Under mutex_, drained.
  bool written(const Watch& w) const {
    return kernel_.at(w.descriptor).writes != w.writes_before || overflows_ != w.overflows_before;
  }

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
        if (event.mask & IN_MODIFY)
          if (auto kernel = kernel_.find(event.wd); kernel != kernel_.end()) ++kernel->second.writes;
        at += sizeof(inotify_event) + event.len;
      }
    }
  }

  std::mutex mutex_;
  int inotify_;
  std::unordered_map<int, Watch> watches_;  // by the number watch() returned, until ended
  int next_id_ = 0;
  std::unordered_map<int, KernelWatch> kernel_;  // by kernel watch descriptor, while watched
  std::uint64_t overflows_ = 0;
};

}  // namespace

int watch_writes(int fd, const std::string& path) noexcept {
  try {
    return Watches::instance().watch(fd, path);
  } catch (...) {  // out of memory: the modification time alone tells
    return -1;
  }
}

void end_write_watch(int watch) noexcept {
  if (watch < 0) return;
  try {
    Watches::instance().end(watch);
  } catch (...) {  // a mutex that cannot lock: the kernel keeps the watch
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

std::optional<std::string> some_write_ended() { return Watches::instance().some_ended(); }

}  // namespace pgasmr::datasets::detail
