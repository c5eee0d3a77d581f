#pragma once
// Reading a mapped file that something truncates meanwhile raises SIGBUS on the pages past its
// new end, which would kill the process. Guarded mappings turn that into an error: a SIGBUS
// handler puts zero pages in place of the lost ones, so the reader goes on (reading zeros), and
// marks the mapping as shrunk, for its owner to report before using what was read. One handler
// for the process, installed with the first guard; a SIGBUS outside every guarded mapping goes
// to the handler that was there before (by default, the end of the process).

#include <cstddef>
#include <string>

namespace pgasmr::datasets::detail {

/// Watches the mapping [data, data + bytes) of the file at `path`; returns its slot, or -1 when
/// every slot is taken (a process with more than 1024 mappings at once reads the rest unguarded).
int guard_mapping(const std::byte* data, std::size_t bytes, const std::string& path);

/// Stops watching (before the mapping goes); -1 is ignored.
void unguard_mapping(int slot) noexcept;

/// Whether a read found the file of `slot` shorter than its mapping (the rest reads as zeros).
bool mapping_shrank(int slot) noexcept;

/// The path of some guarded mapping that shrank, or an empty string.
std::string some_shrunk_mapping();

}  // namespace pgasmr::datasets::detail
