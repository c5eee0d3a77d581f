// histogram: the red, green and blue histograms of a 24-bit BMP on the MapReduce engine,
// compared with the sequential, Phoenix-like and oneTBB baselines. See --help.

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <string>

#include "common/app_driver.hpp"
#include "common/input_fingerprint.hpp"
#include "histogram/baselines.hpp"
#include "histogram/engine_histogram.hpp"
#include "histogram/tbb_baseline.hpp"

namespace apps = pgasmr::apps;
namespace hist = pgasmr::apps::histogram;

namespace {

constexpr std::string_view synopsis =
    "Counts, for each of red, green and blue, how many pixels of the 24-bit uncompressed BMP image\n"
    "INPUT have each value 0..255 (768 counters).\n"
    "--output writes 768 lines `channel<TAB>value<TAB>count`: r 0..255, then g, then b.\n";

std::string top_bins(const hist::RgbHistogram& counts, std::size_t top) {
  std::vector<std::size_t> bins(hist::bin_count);
  std::iota(bins.begin(), bins.end(), std::size_t{0});
  std::ranges::stable_sort(bins, [&](std::size_t a, std::size_t b) { return counts[a] > counts[b]; });
  const std::uint64_t pixels = std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}) / 3;
  std::string text = std::to_string(pixels) + " pixels; the " + std::to_string(std::min(top, bins.size())) +
                     " fullest of the 768 counters:\n";
  constexpr char channels[] = {'r', 'g', 'b'};
  for (std::size_t i = 0; i < top && i < bins.size(); ++i) {
    char line[64];
    std::snprintf(line, sizeof line, "  %c %3zu  %llu\n", channels[bins[i] / hist::values_per_channel],
                  bins[i] % hist::values_per_channel, static_cast<unsigned long long>(counts[bins[i]]));
    text += line;
  }
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  const apps::AppDefinition<hist::ImageInput, hist::RgbHistogram> app{
      .name = "histogram",
      .synopsis = synopsis,
      .load = [](const apps::AppOptions& options, std::size_t) { return hist::load_image(options.input()); },
      .describe = [](const hist::ImageInput& input) -> apps::InputSummary { return {.bytes = input.bmp.file.size()}; },
      .fingerprint = [](const hist::ImageInput& input) { return apps::sampled_fingerprint(input.bmp.file.bytes()); },
      .run_engine =
          [](pgasmr::pgas::Context& me, const hist::ImageInput& input, const apps::AppOptions& options,
             apps::JobTimer& timer) { return hist::histogram_engine(me, input.bmp.view, input.rows, options.engine, timer); },
      .sequential = [](const hist::ImageInput& input,
                       const apps::AppOptions&) { return hist::histogram_sequential(input.bmp.view); },
      .phoenix_like = [](const hist::ImageInput& input, const apps::AppOptions&,
                         std::size_t threads, apps::Stopwatch&) {
        return hist::histogram_phoenix_like(input.bmp.view, threads);
      },
      .tbb = [](const hist::ImageInput& input, const apps::AppOptions&,
                std::size_t threads) { return hist::histogram_tbb(input.bmp.view, threads); },
      .format = hist::format_histogram,
      .summary = top_bins,
      .difference = hist::describe_difference,
  };
  return apps::run_app(app, argc, argv);
}
