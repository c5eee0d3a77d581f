#pragma once
/// @file
/// Refusing a job that cannot fit in memory before it allocates: a result of 10^10 entries made
/// from a 400 KB input ended in std::bad_alloc, or in the kernel killing the process (and others)
/// once the machine's memory was gone.

#include <cstdint>
#include <string_view>

namespace pgasmr::apps {

/// `count` x `each` x `copies` bytes, saturated at the largest value instead of wrapping.
std::uint64_t bytes_of(std::uint64_t count, std::uint64_t each, std::uint64_t copies = 1) noexcept;

/// Throws datasets::input_error "<what> would need at least N GiB of memory at once, more than
/// this machine's M GiB" when `bytes` exceed the machine's physical memory.
void require_memory(std::uint64_t bytes, std::string_view what);

}  // namespace pgasmr::apps
