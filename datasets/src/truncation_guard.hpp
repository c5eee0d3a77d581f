#pragma once
// Reading a mapped file that something truncates meanwhile raises SIGBUS on the pages past its
// new end, which would kill the process. Guarded mappings turn that into an error: a SIGBUS
// handler puts zero pages in place of the lost ones, so the reader goes on (reading zeros), and
// marks the mapping as shrunk, for its owner to report before using what was read. One handler
// for the process, installed with the first guard; a SIGBUS outside every guarded mapping goes
// to the handler that was there before (by default, the end of the process).
//
// A slot also keeps the open file, its modification time at mapping and its write watch
// (write_watch.hpp): a file written in place shows its new bytes through the mapping, so its
// owner asks whether it was modified too.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace pgasmr::datasets::detail {

/// Watches the mapping [data, data + bytes) of the file at `path`, open as `fd` (the caller's,
/// open while watched) with modification time `modified_ns` and write watch `write_watch`
/// (watch_writes, taken before that time; -1: none), which the slot ends with it; returns its
/// slot, or -1 when every slot is taken (a process with more than 1024 mappings at once reads
/// the rest unguarded, their watches ended at once).
int guard_mapping(const std::byte* data, std::size_t bytes, const std::string& path, int fd, std::int64_t modified_ns,
                  int write_watch);

/// Stops watching (before the mapping goes); -1 is ignored.
void unguard_mapping(int slot) noexcept;

/// Whether a read found the file of `slot` shorter than its mapping (the rest reads as zeros).
bool mapping_shrank(int slot) noexcept;

/// Whether the file of `slot` has another modification time than when it was mapped, or a write
/// to it ended since.
bool mapping_modified(int slot) noexcept;

struct ChangedMapping {
  std::string path;
  bool shrank = false;  ///< otherwise modified
};

/// Some guarded mapping whose file shrank or was modified, if any.
std::optional<ChangedMapping> some_changed_mapping();

}  // namespace pgasmr::datasets::detail
