// linreg: linear regression over (x, y) pairs on the MapReduce engine, with exact sums, compared
// with the sequential, Phoenix-like and oneTBB baselines. See --help.

#include <string>

#include "common/app_driver.hpp"
#include "common/input_fingerprint.hpp"
#include "linreg/baselines.hpp"
#include "linreg/engine_linreg.hpp"
#include "linreg/tbb_baseline.hpp"

namespace apps = pgasmr::apps;
namespace lr = pgasmr::apps::linreg;

namespace {

constexpr std::string_view synopsis =
    "Fits y = slope * x + intercept to the points of PAIRS by least squares: a binary file of\n"
    "(x, y) pairs, little-endian IEEE doubles (16 bytes a point), or with --format phoenix\n"
    "Phoenix's signed byte pairs (2 bytes a point). The sums sx, sy, sxx, syy and sxy are exact:\n"
    "each term is the double product (x*x, y*y, x*y) and each sum the correctly rounded sum of\n"
    "its terms (as Python's math.fsum), the same bits for every thread count, process count,\n"
    "distribution and reduce mode. slope = (n sxy - sx sy) / (n sxx - sx^2) and intercept =\n"
    "(sy - slope sx) / n in double arithmetic.\n"
    "--output writes the lines n, sx, sy, sxx, syy, sxy, slope, intercept (name TAB value, %.17g).\n";

}  // namespace

int main(int argc, char** argv) {
  const apps::AppDefinition<lr::PairsInput, lr::Regression> app{
      .name = "linreg",
      .synopsis = synopsis,
      .command_line = {.operands = "PAIRS",
                       .flags = {{.name = "--format",
                                  .value_name = "float64|phoenix",
                                  .help = "the record format of PAIRS",
                                  .default_value = "float64"}}},
      .check_options = [](const apps::AppOptions& options) { (void)lr::pair_format_of(options); },
      .load = [](const apps::AppOptions& options, std::size_t) { return lr::load_pairs(options); },
      .describe = [](const lr::PairsInput& input) -> apps::InputSummary { return {.bytes = input.file.size()}; },
      .fingerprint = [](const lr::PairsInput& input) { return apps::sampled_fingerprint(input.file.bytes()); },
      .run_engine = [](pgasmr::pgas::Context& me, const lr::PairsInput& input, const apps::AppOptions& options,
                       apps::JobTimer& timer) { return lr::regression_engine(me, input, options.engine, timer); },
      .sequential = [](const lr::PairsInput& input, const apps::AppOptions&) { return lr::regression_sequential(input); },
      .phoenix_like = [](const lr::PairsInput& input, const apps::AppOptions&,
                         std::size_t threads, apps::Stopwatch&) { return lr::regression_phoenix_like(input, threads); },
      .tbb = [](const lr::PairsInput& input, const apps::AppOptions&,
                std::size_t threads) { return lr::regression_tbb(input, threads); },
      .format = lr::format_regression,
      .summary = [](const lr::Regression& regression, std::size_t) { return lr::format_regression(regression); },
      .difference = lr::describe_difference,
  };
  return apps::run_app(app, argc, argv);
}
