// matmul: the exact product of two integer matrices on the MapReduce engine, compared with the
// sequential, Phoenix-like and oneTBB baselines. See --help.

#include <string>

#include "common/app_driver.hpp"
#include "common/input_fingerprint.hpp"
#include "matmul/baselines.hpp"
#include "matmul/engine_matmul.hpp"
#include "matmul/product.hpp"
#include "matmul/tbb_baseline.hpp"

namespace apps = pgasmr::apps;
namespace mm = pgasmr::apps::matmul;
namespace ds = pgasmr::datasets;

namespace {

constexpr std::string_view synopsis =
    "Phoenix++'s matrix multiply, exactly: the product A B of the integer matrices A and B, each\n"
    "CSV (one row per line) or the binary matrix format (magic PGMRMAT1, see datasets/README.md).\n"
    "A's columns must equal B's rows, and K x max|A| x max|B| (K = A's columns) must be at most\n"
    "2^63 - 1, so no sum of products can overflow 64 bits.\n"
    "--output writes the product as CSV: one row per line, comma-separated integers.\n";

}  // namespace

int main(int argc, char** argv) {
  const apps::AppDefinition<mm::Factors, ds::IntegerTable> app{
      .name = "matmul",
      .synopsis = synopsis,
      .command_line = {.operands = "A B", .many_operands = true},
      .load = [](const apps::AppOptions& options, std::size_t) {
        if (options.inputs.size() != 2)
          throw apps::usage_error("two matrices expected (A B), got " + std::to_string(options.inputs.size()));
        return mm::load_factors(options.inputs[0], options.inputs[1]);
      },
      .describe = [](const mm::Factors& input) -> apps::InputSummary { return {.bytes = input.file_bytes, .files = 2}; },
      .fingerprint =
          [](const mm::Factors& input) {
            return apps::combined(apps::sampled_fingerprint(std::span(input.a.values)),
                                  apps::sampled_fingerprint(std::span(input.b.values)));
          },
      .run_engine = [](pgasmr::pgas::Context& me, const mm::Factors& input, const apps::AppOptions& options,
                       apps::JobTimer& timer) { return mm::multiply_engine(me, input.a, input.b, options.engine, timer); },
      .sequential = [](const mm::Factors& input,
                       const apps::AppOptions&) { return mm::multiply_sequential(input.a, input.b); },
      .phoenix_like = [](const mm::Factors& input, const apps::AppOptions&,
                         std::size_t threads, apps::Stopwatch&) {
        return mm::multiply_phoenix_like(input.a, input.b, threads);
      },
      .tbb = [](const mm::Factors& input, const apps::AppOptions&,
                std::size_t threads) { return mm::multiply_tbb(input.a, input.b, threads); },
      .format = mm::format_product,
      .summary = mm::summarize_product,
      .difference = mm::describe_difference,
  };
  return apps::run_app(app, argc, argv);
}
