#pragma once
// How the benchmark programs name and print their sweeps over transfer sizes.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace pgasmr::bench {

/// Concatenates name parts (std::string's operator+ trips GCC 12's -Wrestrict false positive).
inline std::string join(std::initializer_list<std::string_view> parts) {
  std::string result;
  for (auto part : parts) result.append(part);
  return result;
}

/// 8B, 32KiB, 16MiB: a size in a benchmark's name (the one-sided benchmarks; the collectives'
/// names carry the plain byte count, which bench/compare-collectives reads).
inline std::string size_name(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20)) return std::to_string(bytes >> 20) + "MiB";
  if (bytes >= (std::size_t{1} << 10)) return std::to_string(bytes >> 10) + "KiB";
  return std::to_string(bytes) + "B";
}

/// Microseconds from 64 KiB, nanoseconds below: the unit a transfer of `bytes` is printed in.
inline benchmark::TimeUnit unit_for(std::size_t bytes) {
  return bytes >= (std::size_t{64} << 10) ? benchmark::kMicrosecond : benchmark::kNanosecond;
}

/// Reports `bytes` moved per iteration, so that the console shows the bandwidth beside the time.
inline void set_bytes(benchmark::State& state, std::size_t bytes) {
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}

}  // namespace pgasmr::bench
