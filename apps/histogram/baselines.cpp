#include "histogram/baselines.hpp"

#include <algorithm>
#include <atomic>
#include <vector>

#include "common/workers.hpp"

namespace pgasmr::apps::histogram {
namespace {

/// Rows per task: about 1 MiB of pixels, so a band is worth a trip to the queue.
std::uint32_t rows_per_band(const datasets::BmpView& image) {
  constexpr std::size_t band_bytes = std::size_t{1} << 20;
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, band_bytes / image.row_stride()));
}

}  // namespace

RgbHistogram histogram_sequential(const datasets::BmpView& image) {
  RgbHistogram counts{};
  add_rows(image, 0, image.height(), counts);
  return counts;
}

RgbHistogram histogram_phoenix_like(const datasets::BmpView& image, std::size_t threads) {
  const std::uint32_t band = rows_per_band(image);
  const std::uint32_t bands = (image.height() + band - 1) / band;
  std::vector<RgbHistogram> per_worker(threads, RgbHistogram{});
  std::atomic<std::uint32_t> next_band{0};
  run_workers(threads, [&](std::size_t worker) {
    for (auto b = next_band.fetch_add(1, std::memory_order_relaxed); b < bands;
         b = next_band.fetch_add(1, std::memory_order_relaxed))
      add_rows(image, b * band, std::min(image.height(), (b + 1) * band), per_worker[worker]);
  });

  RgbHistogram total{};
  for (const auto& counts : per_worker)
    for (std::size_t bin = 0; bin < bin_count; ++bin) total[bin] += counts[bin];
  return total;
}

}  // namespace pgasmr::apps::histogram
