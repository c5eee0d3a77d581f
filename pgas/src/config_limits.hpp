#pragma once
// The ranges a Config's numbers must lie in, checked where they are parsed (naming the flag or
// variable, so that a program can refuse its command line at once) and again by the Runtime
// (for configurations built in code).

#include <cstddef>
#include <string_view>

namespace pgasmr::pgas::detail {

inline constexpr std::size_t max_threads_per_process = 4096;

/// Throws pgasmr::error from `operation` unless 1 <= threads <= max_threads_per_process.
void check_thread_count(std::string_view operation, std::string_view what, std::size_t threads);

/// Throws pgasmr::error from `operation` when a segment of `bytes` cannot hold the system area
/// and the smallest heaps.
void check_segment_bytes(std::string_view operation, std::string_view what, std::size_t bytes);

}  // namespace pgasmr::pgas::detail
