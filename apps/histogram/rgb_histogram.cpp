#include "histogram/rgb_histogram.hpp"

#include <limits>

namespace pgasmr::apps::histogram {
namespace {

constexpr std::array<std::string_view, 3> channel_names = {"r", "g", "b"};

std::string describe_bin(std::size_t bin) {
  return std::string(channel_names[bin / values_per_channel]) + " " + std::to_string(bin % values_per_channel);
}

/// 32-bit counters (3 KiB, fewer cache lines than 64-bit ones), added into the 64-bit counts
/// before one can overflow.
using Counters = std::array<std::uint32_t, bin_count>;
constexpr std::uint64_t most_pending_pixels = std::numeric_limits<std::uint32_t>::max();

void count_pixel(const std::uint8_t* pixel, Counters& counters) noexcept {
  ++counters[bin_of(Channel::blue, pixel[0])];
  ++counters[bin_of(Channel::green, pixel[1])];
  ++counters[bin_of(Channel::red, pixel[2])];
}

/// Four pixels a step: less loop overhead per increment.
void count_row(std::span<const std::uint8_t> row, Counters& counters) noexcept {
  constexpr std::ptrdiff_t step = 4;
  const std::uint8_t* pixel = row.data();
  const std::uint8_t* const end = pixel + row.size() / 3 * 3;
  for (; end - pixel >= 3 * step; pixel += 3 * step)
    for (std::ptrdiff_t k = 0; k < step; ++k) count_pixel(pixel + 3 * k, counters);
  for (; pixel != end; pixel += 3) count_pixel(pixel, counters);
}

void move_into(Counters& counters, RgbHistogram& counts) noexcept {
  for (std::size_t bin = 0; bin < bin_count; ++bin) counts[bin] += counters[bin];
  counters.fill(0);
}

}  // namespace

void add_rows(const datasets::BmpView& image, std::uint32_t first, std::uint32_t last, RgbHistogram& counts) {
  Counters counters{};
  std::uint64_t pending = 0;  // pixels counted into `counters` since they were last moved
  for (auto y = first; y < last; ++y) {
    if (pending + image.width() > most_pending_pixels) {
      move_into(counters, counts);
      pending = 0;
    }
    count_row(image.row(y), counters);
    pending += image.width();
  }
  move_into(counters, counts);
}

std::string format_histogram(const RgbHistogram& histogram) {
  std::string text;
  for (std::size_t bin = 0; bin < bin_count; ++bin)
    text.append(channel_names[bin / values_per_channel])
        .append(1, '\t')
        .append(std::to_string(bin % values_per_channel))
        .append(1, '\t')
        .append(std::to_string(histogram[bin]))
        .append(1, '\n');
  return text;
}

std::string describe_difference(const RgbHistogram& expected, const RgbHistogram& actual) {
  std::string report;
  std::size_t differences = 0;
  constexpr std::size_t max_shown = 5;
  for (std::size_t bin = 0; bin < bin_count; ++bin) {
    if (expected[bin] == actual[bin]) continue;
    if (differences++ < max_shown)
      report += (report.empty() ? "" : "; ") + describe_bin(bin) + ": " + std::to_string(actual[bin]) +
                " instead of " + std::to_string(expected[bin]);
  }
  if (differences > max_shown) report += "; " + std::to_string(differences - max_shown) + " more bins differ";
  return report;
}

}  // namespace pgasmr::apps::histogram
