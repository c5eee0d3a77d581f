#include "histogram/rgb_histogram.hpp"

namespace pgasmr::apps::histogram {
namespace {

constexpr std::array<std::string_view, 3> channel_names = {"r", "g", "b"};

std::string describe_bin(std::size_t bin) {
  return std::string(channel_names[bin / values_per_channel]) + " " + std::to_string(bin % values_per_channel);
}

}  // namespace

void add_rows(const datasets::BmpView& image, std::uint32_t first, std::uint32_t last, RgbHistogram& counts) {
  for (auto y = first; y < last; ++y) for_each_bin(image.row(y), [&](std::size_t bin) { ++counts[bin]; });
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
