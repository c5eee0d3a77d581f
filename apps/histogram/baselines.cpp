#include "histogram/baselines.hpp"

#include <algorithm>

#include "common/phoenix_like_array_container.hpp"
#include "common/phoenix_like_sort_merge.hpp"
#include "common/phoenix_like_tasks.hpp"
#include "common/workers.hpp"

namespace pgasmr::apps::histogram {
namespace {

using BinCounts = PhoenixArrayContainer<std::uint64_t>;

/// Phoenix++'s map of one pixel (stored blue, green, red): emits (bin, 1) for each channel.
void map_pixel(const std::uint8_t* pixel, BinCounts::Combiners& bins) {
  bins[bin_of(Channel::blue, pixel[0])].add(1);
  bins[bin_of(Channel::green, pixel[1])].add(1);
  bins[bin_of(Channel::red, pixel[2])].add(1);
}

/// Maps pixels [first, last) of `image`, numbered row after row in file order.
void map_pixels(const datasets::BmpView& image, std::size_t first, std::size_t last, BinCounts::Combiners& bins) {
  const std::size_t width = image.width();
  while (first < last) {
    const auto y = static_cast<std::uint32_t>(first / width);
    const std::size_t x = first % width;
    const std::size_t run = std::min(width - x, last - first);  // up to the end of the row
    const std::uint8_t* pixel = image.row(y).data() + 3 * x;
    for (std::size_t i = 0; i < run; ++i, pixel += 3) map_pixel(pixel, bins);
    first += run;
  }
}

}  // namespace

RgbHistogram histogram_sequential(const datasets::BmpView& image) {
  RgbHistogram counts{};
  // By counter tables whatever the size: --verify then checks the engine's pair counts (large
  // bands) against a count made another way.
  add_rows_by_tables(image, 0, image.height(), counts);
  return counts;
}

RgbHistogram histogram_phoenix_like(const datasets::BmpView& image, std::size_t threads) {
  BinCounts container(bin_count, threads);
  auto tasks = PhoenixTaskQueue::for_map(std::size_t{image.width()} * image.height(), threads);
  run_workers(threads, [&](std::size_t worker) {
    auto bins = container.get();
    while (auto task = tasks.take(worker)) map_pixels(image, task->first, task->last, bins);
    container.add(worker, bins);
  });
  auto sorted = phoenix_sort_merge(container.reduce(), [](const auto& a, const auto& b) { return a.key < b.key; });

  RgbHistogram counts{};
  for (const auto& [bin, count] : sorted) counts[bin] = count;
  return counts;
}

}  // namespace pgasmr::apps::histogram
