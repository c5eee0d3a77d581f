#include "histogram/engine_histogram.hpp"

#include <numeric>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/array_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"

namespace pgasmr::apps::histogram {
namespace {

using BinCounts = mr::ArrayContainer<std::uint64_t, mr::sum>;

/// The element-by-element map: one row counted on its own, then its 768 counts emitted.
void count_row(const datasets::BmpView& image, std::uint32_t y, BinCounts& out) {
  RgbHistogram counts{};
  add_rows(image, y, y + 1, counts);
  for (std::size_t bin = 0; bin < bin_count; ++bin) out.emit(bin, counts[bin]);
}

}  // namespace

ImageInput load_image(const std::filesystem::path& path) {
  ImageInput input{datasets::open_bmp(path, datasets::Prefetch::populate), {}};
  input.rows.resize(input.bmp.view.height());
  std::iota(input.rows.begin(), input.rows.end(), std::uint32_t{0});
  return input;
}

std::optional<RgbHistogram> histogram_engine(pgas::Context& me, const datasets::BmpView& image,
                                             std::span<const std::uint32_t> rows, const EngineChoice& choice,
                                             JobTimer& timer) {
  BinCounts bins(bin_count);
  if (choice.distribution == mr::DistributionKind::block) {
    // The thesis's optimised Hist map: the thread's band of rows counted in one pass, then its
    // 768 counts emitted.
    mr::apply_map_array(me, rows, [&](std::span<const std::uint32_t> band, BinCounts& out) {
      RgbHistogram counts{};
      if (!band.empty()) add_rows(image, band.front(), band.back() + 1, counts);
      for (std::size_t bin = 0; bin < bin_count; ++bin) out.emit(bin, counts[bin]);
    }, bins);
  } else {
    // Rows weigh the same: their width.
    WeightedDistribution distribution(choice.distribution, rows.size(), [&](std::size_t) { return image.width(); });
    mr::apply_map(me, rows, [&](std::uint32_t y, BinCounts& out) { count_row(image, y, out); }, bins, distribution.get());
  }
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, bins, choice.reduce, timer);
  if (me.thread() != 0) return std::nullopt;
  RgbHistogram counts{};
  for (const auto& [bin, count] : reduced) counts[bin] = count;
  return counts;
}

}  // namespace pgasmr::apps::histogram
