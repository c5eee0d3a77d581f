#include "common/memory_need.hpp"

#include <unistd.h>

#include <cstdio>
#include <limits>
#include <string>

#include <pgasmr/datasets/error.hpp>

namespace pgasmr::apps {
namespace {

std::uint64_t physical_memory() noexcept {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return std::numeric_limits<std::uint64_t>::max();  // unknown: refuse nothing
  return bytes_of(static_cast<std::uint64_t>(pages), static_cast<std::uint64_t>(page));
}

std::string gibibytes(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0));
  return text;
}

}  // namespace

std::uint64_t bytes_of(std::uint64_t count, std::uint64_t each, std::uint64_t copies) noexcept {
  std::uint64_t bytes = 0;
  if (__builtin_mul_overflow(count, each, &bytes) || __builtin_mul_overflow(bytes, copies, &bytes))
    return std::numeric_limits<std::uint64_t>::max();
  return bytes;
}

void require_memory(std::uint64_t bytes, std::string_view what) {
  const auto memory = physical_memory();
  if (bytes <= memory) return;
  throw datasets::input_error(std::string(what) + " would need at least " + gibibytes(bytes) +
                              " of memory at once, more than this machine's " + gibibytes(memory));
}

}  // namespace pgasmr::apps
