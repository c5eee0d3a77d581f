#pragma once
/// @file
/// The five integer sums of a run of Phoenix byte pairs (x, y as signed bytes), at memory speed
/// where the processor has AVX2: 16 pairs a step, multiplied and added in pairs of 16-bit
/// lanes (vpmaddwd), exact in 32-bit lanes.

#include <cstddef>
#include <cstdint>

namespace pgasmr::apps::linreg {

/// Sums over a run of points: x, y, x*x, y*y, x*y, exact.
struct ByteSums {
  std::int32_t x = 0, y = 0, xx = 0, yy = 0, xy = 0;
  friend bool operator==(const ByteSums&, const ByteSums&) = default;
};

/// The most points one call takes: |x|, |y| <= 128, so every sum stays within 2^30.
inline constexpr std::size_t max_byte_pair_run = std::size_t{1} << 16;

/// The sums of `points` pairs at `pairs` (2 bytes each; points <= max_byte_pair_run), with
/// AVX2 when the processor has it.
ByteSums sum_byte_pairs(const std::byte* pairs, std::size_t points) noexcept;

/// The same, one pair at a time: the reference of the tests, and the path without AVX2.
ByteSums sum_byte_pairs_scalar(const std::byte* pairs, std::size_t points) noexcept;

}  // namespace pgasmr::apps::linreg
