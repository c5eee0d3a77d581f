#pragma once
// Whether this machine lets a process watch its open files with inotify, as the datasets library
// does to see a write that was under way when an input was opened: where it cannot (no inotify,
// the user's instances used up, no /proc), the library falls back on the modification time, and
// the tests of that watch have nothing to test.

#include <fcntl.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <string>

namespace pgasmr::test {

inline bool write_watches_work() {
  const int inotify = ::inotify_init1(IN_CLOEXEC);
  if (inotify < 0) return false;
  const int fd = ::open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  const bool watched =
      fd >= 0 && ::inotify_add_watch(inotify, ("/proc/self/fd/" + std::to_string(fd)).c_str(), IN_MODIFY) >= 0;
  if (fd >= 0) ::close(fd);
  ::close(inotify);
  return watched;
}

}  // namespace pgasmr::test
