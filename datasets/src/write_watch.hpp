#pragma once
// The kernel stamps a file's modification time when a write begins, not once its bytes have
// landed: a write already under way when a reader opens and stats the file leaves the time the
// reader recorded unchanged while the bytes change under it. inotify reports each write when it
// ends, so a reader that starts watching before it takes the time sees that write too (when it
// ends before the reader's last check). Writes through a shared mapping and by other hosts (NFS)
// are not reported; for those the modification time alone tells.
//
// One inotify instance for the process; the kernel keeps one watch per file, however often it
// is watched, until its last watcher ends it. A watch outlives the descriptor it was taken from,
// as a listed file does its listing.

#include <optional>
#include <string>

namespace pgasmr::datasets::detail {

/// Starts watching the open file `fd` for writes that end from now on; call it before taking
/// the file's modification time. Returns the watch, or -1 when none can be had (no inotify, the
/// user's watches used up): then only the modification time tells.
int watch_writes(int fd, const std::string& path) noexcept;

/// Whether a write to the watched file ended since watch_writes (also when the kernel dropped
/// events it could not queue). false for -1 and for an ended watch.
bool write_ended(int watch) noexcept;

/// Ends the watch (once it is no longer checked); -1 and an ended watch are ignored.
void end_write_watch(int watch) noexcept;

/// The path given to watch_writes of some watch, not ended, on whose file a write ended since.
std::optional<std::string> some_write_ended();

}  // namespace pgasmr::datasets::detail
