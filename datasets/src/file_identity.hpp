#pragma once
// The identity of an open file, as input_files.hpp's FileIdentity records it.

#include <sys/stat.h>

#include <cstdint>

#include <pgasmr/datasets/input_files.hpp>

namespace pgasmr::datasets::detail {

inline FileIdentity identity_of(const struct stat& status) noexcept {
  return {static_cast<std::uint64_t>(status.st_dev), static_cast<std::uint64_t>(status.st_ino),
          static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 + status.st_mtim.tv_nsec};
}

}  // namespace pgasmr::datasets::detail
