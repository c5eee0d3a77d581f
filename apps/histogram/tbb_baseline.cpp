#include "histogram/tbb_baseline.hpp"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

namespace pgasmr::apps::histogram {

RgbHistogram histogram_tbb(const datasets::BmpView& image, std::size_t threads) {
  using Rows = tbb::blocked_range<std::uint32_t>;
  // As many threads as asked, also beyond the cores (as the engine and the other baselines run).
  tbb::global_control allowed(tbb::global_control::max_allowed_parallelism, threads);
  tbb::task_arena arena(static_cast<int>(threads));
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
