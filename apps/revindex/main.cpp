// revindex: Phoenix 2's reverse index (every link of a set of HTML files with the files that
// contain it) on the MapReduce engine, compared with the sequential, Phoenix-like and oneTBB
// baselines. See --help.

#include <algorithm>
#include <string>

#include <pgasmr/datasets/in_quotes.hpp>

#include "common/app_driver.hpp"
#include "common/input_fingerprint.hpp"
#include "revindex/baselines.hpp"
#include "revindex/engine_revindex.hpp"
#include "revindex/tbb_baseline.hpp"

namespace apps = pgasmr::apps;
namespace ri = pgasmr::apps::revindex;
namespace ds = pgasmr::datasets;

namespace {

constexpr std::string_view synopsis =
    "Indexes the links of the HTML files INPUT... (files, and directories walked recursively in\n"
    "name order; - is standard input): every quoted value of an `href` attribute (any case,\n"
    "after a blank or at the start; optional blanks around `=`; double or single quotes; taken\n"
    "as is; empty values and values with a tab, CR or LF left out), with the files containing it.\n"
    "Each file is a map element weighing its size, indexed once however often the operands name\n"
    "or reach it by one canonical path (hard links are names of their own, each indexed); a file\n"
    "name with a tab, CR or LF is refused (the output could not hold it).\n"
    "--output writes `LINK<TAB>file<TAB>file...` per link, links sorted by bytes, files in the\n"
    "walk order, each once.\n";

std::string top_links(const ri::LinkIndex& index, std::size_t top) {
  std::vector<const ri::LinkFiles*> entries;
  for (const auto& entry : index.entries()) entries.push_back(&entry);
  std::ranges::stable_sort(entries, std::ranges::greater{}, [](const ri::LinkFiles* e) { return e->files.size(); });
  std::string text = "top " + std::to_string(std::min(top, entries.size())) + " of " +
                     std::to_string(entries.size()) + " links, by the number of files linking to them:\n";
  for (std::size_t i = 0; i < top && i < entries.size(); ++i)
    text += "  " + std::to_string(entries[i]->files.size()) + "  " +
            ds::excerpt(entries[i]->link) + "\n";
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  const apps::AppDefinition<ds::TextInput, ri::LinkIndex> app{
      .name = "revindex",
      .synopsis = synopsis,
      .command_line = {.operands = "INPUT...", .many_operands = true, .file_list = true},
      .load = ri::load_pages,
      .describe = [](const ds::TextInput& input) -> apps::InputSummary {
        return {input.total_bytes(), input.files().size(), input.skipped()};
      },
      .fingerprint = [](const ds::TextInput& input) { return apps::sampled_fingerprint(input); },
      .run_engine = [](pgasmr::pgas::Context& me, const ds::TextInput& input, const apps::AppOptions& options,
                       apps::JobTimer& timer) { return ri::reverse_index_engine(me, input, options.engine, timer); },
      .sequential = [](const ds::TextInput& input, const apps::AppOptions&) { return ri::reverse_index_sequential(input); },
      .phoenix_like = [](const ds::TextInput& input, const apps::AppOptions&,
                         std::size_t threads, apps::Stopwatch&) {
        return ri::reverse_index_phoenix_like(input, threads);
      },
      .tbb = [](const ds::TextInput& input, const apps::AppOptions&,
                std::size_t threads) { return ri::reverse_index_tbb(input, threads); },
      .format = ri::format_link_index,
      .summary = top_links,
      .difference = ri::describe_difference,
      .element_weights = [](const ds::TextInput& input) { return input.piece_sizes(); },
  };
  return apps::run_app(app, argc, argv);
}
