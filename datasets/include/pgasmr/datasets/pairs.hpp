#pragma once
/// @file
/// (x, y) pairs for linear regression: the thesis's little-endian IEEE doubles (16 bytes a
/// point), or Phoenix's signed byte pairs (2 bytes a point).

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include <pgasmr/datasets/progress.hpp>

namespace pgasmr::datasets {

enum class PairFormat {
  float64,  ///< x then y, each a little-endian IEEE 754 double
  phoenix,  ///< x then y, each a signed byte (Phoenix's POINT_T of two chars)
};

/// Bytes per point: 16 or 2.
constexpr std::size_t pair_bytes(PairFormat format) noexcept { return format == PairFormat::float64 ? 16 : 2; }

/// "float64" or "phoenix"; nullopt-like: throws std::invalid_argument for another name.
PairFormat parse_pair_format(std::string_view name);

struct Point {
  double x = 0;
  double y = 0;
  bool operator==(const Point&) const = default;
};

/// The point at `index` of `bytes` (a whole number of records of `format`).
inline Point point_at(std::span<const std::byte> bytes, std::size_t index, PairFormat format) noexcept;

/// Checks that `bytes` (the file `name`) holds at least one point and a whole number of
/// records; throws input_error naming the file and its size otherwise. Returns the count.
std::size_t count_points(std::span<const std::byte> bytes, PairFormat format, std::string_view name);

struct PairsOptions {
  std::uint64_t seed = 1;
  std::uint64_t points = 0;
  PairFormat format = PairFormat::float64;
};

/// Writes `points` points, all-or-nothing. float64: y = 3x + 5 plus noise, x spanning many
/// magnitudes (from 1e-6 to 1e6, either sign, now and then a subnormal or a zero), so that the
/// sums need exact summation to be order-independent; phoenix: bytes around y = x/2 + 5 (noise
/// of +-10, clipped to [-128, 127]; a slope of 3 would clip most of them). Deterministic for
/// (seed, points, format).
void generate_pairs(const std::filesystem::path& path, const PairsOptions& options, const Progress& progress = {});

inline Point point_at(std::span<const std::byte> bytes, std::size_t index, PairFormat format) noexcept {
  if (format == PairFormat::phoenix)
    return {double(static_cast<signed char>(bytes[2 * index])), double(static_cast<signed char>(bytes[2 * index + 1]))};
  auto read = [&](std::size_t at) {
    // One load (GCC 12 does not merge a byte-by-byte read into one), swapped on big-endian hosts.
    std::uint64_t bits = 0;
    std::memcpy(&bits, bytes.data() + at, sizeof bits);
    if constexpr (std::endian::native == std::endian::big) bits = __builtin_bswap64(bits);
    return std::bit_cast<double>(bits);
  };
  return {read(16 * index), read(16 * index + 8)};
}

}  // namespace pgasmr::datasets
