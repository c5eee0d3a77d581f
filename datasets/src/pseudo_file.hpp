#pragma once
// Files of the kernel's pseudo file systems (/proc, /sys, ...): regular files whose stat size
// says nothing of their content (0, or a page for any length), so that reading as many bytes
// as the size announces silently gets nothing or stops short.

#include <string>

namespace pgasmr::datasets::detail {

/// Whether the open file `fd` lies on such a file system.
bool on_pseudo_file_system(int fd) noexcept;

/// Why such a file is refused, for "'path': " + this.
std::string pseudo_file_refusal();

}  // namespace pgasmr::datasets::detail
