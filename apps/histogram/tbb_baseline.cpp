#include "histogram/tbb_baseline.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include "common/tbb_arena.hpp"

namespace pgasmr::apps::histogram {

RgbHistogram histogram_tbb(const datasets::BmpView& image, std::size_t threads) {
  using Rows = tbb::blocked_range<std::uint32_t>;
  TbbArena arena(threads);
  return arena.execute([&] {
    return tbb::parallel_reduce(
        Rows(0, image.height()), RgbHistogram{},
        [&](const Rows& rows, RgbHistogram counts) {
          add_rows(image, rows.begin(), rows.end(), counts);
          return counts;
        },
        [](RgbHistogram a, const RgbHistogram& b) {
          for (std::size_t bin = 0; bin < bin_count; ++bin) a[bin] += b[bin];
          return a;
        });
  });
}

}  // namespace pgasmr::apps::histogram
