// pca: the row means and the covariance matrix of an integer matrix, exactly, on the MapReduce
// engine, compared with the sequential, Phoenix-like and oneTBB baselines. See --help.

#include <string>

#include "common/app_driver.hpp"
#include "common/input_fingerprint.hpp"
#include "pca/baselines.hpp"
#include "pca/covariance.hpp"
#include "pca/engine_pca.hpp"
#include "pca/tbb_baseline.hpp"

namespace apps = pgasmr::apps;
namespace pca = pgasmr::apps::pca;

namespace {

constexpr std::string_view synopsis =
    "Phoenix++'s PCA, exactly: for the integer matrix INPUT (CSV, one row per line, or the binary\n"
    "matrix format, magic PGMRMAT1, see datasets/README.md; at least 2 columns; columns x\n"
    "max|value| at most 2^31-1, so every sum fits in 64 bits) the mean of each\n"
    "row, sum(i) / n for n columns, and the sample covariance of each pair of rows i <= j,\n"
    "(n * sum_k x(i,k) x(j,k) - sum(i) sum(j)) / (n (n - 1)).\n"
    "--output writes a `#` line with these definitions, `rows<TAB>R`, `columns<TAB>n`,\n"
    "`denominator<TAB>n(n-1)`, then `sum<TAB>i<TAB>sum(i)` for each row i, then\n"
    "`covariance<TAB>i<TAB>j<TAB>numerator` for each i and j >= i, in that order.\n";

}  // namespace

int main(int argc, char** argv) {
  const apps::AppDefinition<pca::MatrixInput, pca::PcaResult> app{
      .name = "pca",
      .synopsis = synopsis,
      .load = [](const apps::AppOptions& options, std::size_t) { return pca::load_matrix(options.input()); },
      .describe = [](const pca::MatrixInput& input) -> apps::InputSummary { return {.bytes = input.file_bytes}; },
      .fingerprint = [](const pca::MatrixInput& input) { return apps::sampled_fingerprint(std::span(input.matrix.values)); },
      .run_engine = [](pgasmr::pgas::Context& me, const pca::MatrixInput& input, const apps::AppOptions& options,
                       apps::JobTimer& timer) { return pca::pca_engine(me, input.matrix, options.engine, timer); },
      .sequential = [](const pca::MatrixInput& input, const apps::AppOptions&) { return pca::pca_sequential(input.matrix); },
      .phoenix_like = [](const pca::MatrixInput& input, const apps::AppOptions&,
                         std::size_t threads, apps::Stopwatch&) {
        return pca::pca_phoenix_like(input.matrix, threads);
      },
      .tbb = [](const pca::MatrixInput& input, const apps::AppOptions&,
                std::size_t threads) { return pca::pca_tbb(input.matrix, threads); },
      .format = pca::format_pca,
      .summary = pca::summarize_pca,
      .difference = pca::describe_difference,
  };
  return apps::run_app(app, argc, argv);
}
