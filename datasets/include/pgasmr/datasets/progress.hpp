#pragma once
/// @file
/// Progress reports of the generators.

#include <cstdint>
#include <functional>

namespace pgasmr::datasets {

/// Called now and then with the bytes written so far and the total, and once more with
/// done == total at the end. An empty function is never called.
using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

}  // namespace pgasmr::datasets
