// stringmatch: the lines of text files that contain a key as a whole word, as
// `grep -anHFw -f KEYS` lists them, on the MapReduce engine, compared with the sequential,
// Phoenix-like and oneTBB baselines. See --help.

#include <algorithm>
#include <set>
#include <string>

#include <pgasmr/datasets/in_quotes.hpp>

#include "common/app_driver.hpp"
#include "common/input_fingerprint.hpp"
#include "stringmatch/baselines.hpp"
#include "stringmatch/engine_string_match.hpp"
#include "stringmatch/tbb_baseline.hpp"

namespace apps = pgasmr::apps;
namespace sm = pgasmr::apps::stringmatch;
namespace ds = pgasmr::datasets;

namespace {

constexpr std::string_view synopsis =
    "Lists the lines of the text files INPUT... (files, and directories walked recursively in\n"
    "name order; - is standard input) that contain a key of the --keys file as a whole word,\n"
    "exactly as `LC_ALL=C grep -anHFw -f KEYS INPUT...` does: the keys are the file's lines\n"
    "(an empty line is a key that matches wherever no letter, digit or underscore is on either\n"
    "side, as in grep); a key matches where the bytes around it are not ASCII letters, digits or\n"
    "underscores; every file is text (NUL and CR bytes are ordinary non-word bytes).\n"
    "--output writes `path:line:text` for each matching line, by file, then line.\n";

std::string first_lines(const sm::LineMatches& matches, std::size_t top) {
  const auto& lines = matches.lines();
  std::set<std::uint32_t> files;
  for (const auto& line : lines) files.insert(line.file);
  std::string text = "first " + std::to_string(std::min(top, lines.size())) + " of " + std::to_string(lines.size()) +
                     " matching lines (in " + std::to_string(files.size()) + " files):\n";
  std::string buffer;  // the start of a long line, read from the input
  for (std::size_t i = 0; i < top && i < lines.size(); ++i)
    text += "  " + ds::escaped(matches.paths()[lines[i].file]) + ":" + std::to_string(lines[i].number) + ":" +
            ds::escaped(matches.text(lines[i], buffer, 100)) + "\n";
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  const apps::AppDefinition<sm::StringMatchInput, sm::LineMatches> app{
      .name = "stringmatch",
      .synopsis = synopsis,
      .command_line = {.operands = "INPUT...",
                       .many_operands = true,
                       .file_list = true,
                       .flags = {{.name = "--keys",
                                  .value_name = "FILE",
                                  .help = "the keys, one a line (at least one line)",
                                  .required = true,
                                  .names_file = true}}},
      .load = sm::load_input,
      .describe = [](const sm::StringMatchInput& input) -> apps::InputSummary {
        return {input.text.total_bytes(), input.text.files().size(), input.text.skipped()};
      },
      .fingerprint = [](const sm::StringMatchInput& input) { return apps::sampled_fingerprint(input.text); },
      .run_engine = [](pgasmr::pgas::Context& me, const sm::StringMatchInput& input, const apps::AppOptions& options,
                       apps::JobTimer& timer) { return sm::match_lines_engine(me, input, options.engine, timer); },
      .sequential = [](const sm::StringMatchInput& input,
                       const apps::AppOptions&) { return sm::match_lines_sequential(input); },
      .phoenix_like = [](const sm::StringMatchInput& input, const apps::AppOptions&,
                         std::size_t threads, apps::Stopwatch&) {
        return sm::match_lines_phoenix_like(input, threads);
      },
      .tbb = [](const sm::StringMatchInput& input, const apps::AppOptions&,
                std::size_t threads) { return sm::match_lines_tbb(input, threads); },
      .format = sm::format_line_matches,
      .summary = first_lines,
      .difference = sm::describe_difference,
      .element_weights = [](const sm::StringMatchInput& input) { return input.text.piece_sizes(); },
  };
  return apps::run_app(app, argc, argv);
}
