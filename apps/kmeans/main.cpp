// kmeans: k-means clustering of integer points on the MapReduce engine (an iterative job),
// compared with the sequential, Phoenix-like and oneTBB baselines. See --help.

#include "common/app_driver.hpp"
#include "common/input_fingerprint.hpp"
#include "kmeans/baselines.hpp"
#include "kmeans/engine_kmeans.hpp"
#include "kmeans/tbb_baseline.hpp"

namespace apps = pgasmr::apps;
namespace km = pgasmr::apps::kmeans;

namespace {

constexpr std::string_view synopsis =
    "Clusters the integer points of the CSV file INPUT (one point per line, comma-separated\n"
    "coordinates, every line of the same dimension) into K clusters, exactly: the centroids start\n"
    "at the first K points; each round assigns every point to its nearest centroid (squared\n"
    "distance in 64-bit integers, ties to the lower index) and moves each centroid to the\n"
    "truncated mean of its points (a centroid without points stays); it stops after the first\n"
    "round in which no point changed cluster (round 1 changes them all), or after N rounds.\n"
    "--output writes `rounds<TAB>R` (the rounds run, the last one included), then K lines of\n"
    "centroid coordinates, comma-separated, in centroid order.\n";

}  // namespace

int main(int argc, char** argv) {
  const apps::AppDefinition<km::KmeansInput, km::Clustering> app{
      .name = "kmeans",
      .synopsis = synopsis,
      .command_line = {.operands = "INPUT",
                       .flags = {{.name = "--clusters", .value_name = "K", .help = "the number of clusters, 1 to the point count",
                                  .required = true},
                                 {.name = "--max-rounds", .value_name = "N", .help = "stop after N rounds at the latest",
                                  .default_value = "1000"}}},
      .check_options =
          [](const apps::AppOptions& options) {
            km::check_kmeans_flags(options.whole_number("--clusters"), options.whole_number("--max-rounds"));
          },
      .load =
          [](const apps::AppOptions& options, std::size_t total_threads) {
            return km::load_kmeans_input(options.input(), options.whole_number("--clusters"),
                                         options.whole_number("--max-rounds"), total_threads);
          },
      .describe = [](const km::KmeansInput& input) -> apps::InputSummary { return {.bytes = input.bytes}; },
      .fingerprint = [](const km::KmeansInput& input) { return apps::sampled_fingerprint(std::span(input.points.values)); },
      .run_engine = [](pgasmr::pgas::Context& me, const km::KmeansInput& input, const apps::AppOptions& options,
                       apps::JobTimer& timer) { return km::kmeans_engine(me, input, options.engine, timer); },
      .sequential = [](const km::KmeansInput& input, const apps::AppOptions&) { return km::kmeans_sequential(input); },
      .phoenix_like = [](const km::KmeansInput& input, const apps::AppOptions&,
                         std::size_t threads, apps::Stopwatch&) { return km::kmeans_phoenix_like(input, threads); },
      .tbb = [](const km::KmeansInput& input, const apps::AppOptions&,
                std::size_t threads) { return km::kmeans_tbb(input, threads); },
      .format = km::format_clustering,
      .summary = km::summarize_clustering,
      .difference = km::describe_difference,
  };
  return apps::run_app(app, argc, argv);
}
