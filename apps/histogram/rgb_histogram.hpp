#pragma once
/// @file
/// The histogram of a 24-bit image: how many pixels have each value 0..255 in each of the red,
/// green and blue channels (768 counters), and the per-pixel work every version shares.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <pgasmr/datasets/bmp.hpp>

namespace pgasmr::apps::histogram {

enum class Channel : std::uint8_t { red, green, blue };

inline constexpr std::size_t values_per_channel = 256;
inline constexpr std::size_t bin_count = 3 * values_per_channel;

/// Counters in output order: red 0..255, then green, then blue.
using RgbHistogram = std::array<std::uint64_t, bin_count>;

constexpr std::size_t bin_of(Channel channel, std::uint8_t value) noexcept {
  return static_cast<std::size_t>(channel) * values_per_channel + value;
}

/// Adds the pixels of rows [first, last) of `image` to `counts`: by pairs (add_rows_by_pairs)
/// from pair_pixels pixels, else by counter tables (add_rows_by_tables). The engine's map and the
/// oneTBB baseline count with it.
void add_rows(const datasets::BmpView& image, std::uint32_t first, std::uint32_t last, RgbHistogram& counts);

/// Counts a byte a time into four sets of 768 counters, one per pixel of a step of four: the
/// sequential baseline's count, and add_rows's for few pixels. (32-bit counters, four pixels a
/// step, measured about 10% faster than 64-bit ones a pixel at a time; a set per pixel of the
/// step, with its 12 bytes read in two loads, about 20% faster again: 0.145 -> 0.118 s for 400 MiB
/// at one thread.)
void add_rows_by_tables(const datasets::BmpView& image, std::uint32_t first, std::uint32_t last,
                        RgbHistogram& counts);

/// Counts two bytes a time: each pixel's blue and green in one counter of 65,536, and the reds of
/// two neighbouring pixels in another, 3 counter increments for 2 pixels instead of 6. Every
/// increment costs a load and a store, and those are what bound the count (see the suite's
/// section of docs/performance.md). The band is counted three rows at a time, one from each third,
/// so that the increments of neighbouring pixels, which often hit one counter twice, do not wait
/// on each other. The 512 KiB of pair counters are then spread into the 768 counts, which pays
/// from about pair_pixels pixels.
void add_rows_by_pairs(const datasets::BmpView& image, std::uint32_t first, std::uint32_t last,
                       RgbHistogram& counts);
inline constexpr std::uint64_t pair_pixels = std::uint64_t{1} << 22;

/// The --output format: 768 lines `channel<TAB>value<TAB>count`, channel r, g, then b.
std::string format_histogram(const RgbHistogram& histogram);

/// Tells what differs between two histograms (empty when they are equal), for --verify.
std::string describe_difference(const RgbHistogram& expected, const RgbHistogram& actual);

}  // namespace pgasmr::apps::histogram
