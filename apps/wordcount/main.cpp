// wordcount: counts the words of text files on the MapReduce engine and compares with the
// sequential, Phoenix-like and oneTBB baselines. See --help.

#include <algorithm>
#include <string>

#include <pgasmr/datasets/in_quotes.hpp>

#include "common/app_driver.hpp"
#include "common/input_fingerprint.hpp"
#include "common/text_pieces.hpp"
#include "wordcount/baselines.hpp"
#include "wordcount/engine_word_count.hpp"
#include "wordcount/tbb_baseline.hpp"

namespace apps = pgasmr::apps;
namespace wc = pgasmr::apps::wordcount;
namespace ds = pgasmr::datasets;

namespace {

constexpr std::string_view synopsis =
    "Counts the words of the text files INPUT... (files, and directories walked recursively in\n"
    "name order; - is standard input): runs of ASCII letters and apostrophes starting with a\n"
    "letter, case-insensitive, reported in upper case (Phoenix++'s word); other bytes separate.\n"
    "Each file is a map element weighing its size (big files are cut into pieces between words).\n"
    "--output writes every `WORD<TAB>count` line, by count descending, then word ascending.\n";

std::string top_words(const wc::WordCounts& counts, std::size_t top) {
  const auto& entries = counts.entries();
  std::string text = "top " + std::to_string(std::min(top, entries.size())) + " of " + std::to_string(entries.size()) +
                     " distinct words (" + std::to_string(counts.total_words()) + " words in all):\n";
  for (std::size_t i = 0; i < top && i < entries.size(); ++i) {
    const auto word = ds::excerpt(entries[i].word);  // a word may be megabytes long
    text += "  " + word + std::string(word.size() < 20 ? 20 - word.size() : 0, ' ') + " " +
            std::to_string(entries[i].count) + "\n";
  }
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  const apps::AppDefinition<ds::TextInput, wc::WordCounts> app{
      .name = "wordcount",
      .synopsis = synopsis,
      .command_line = {.operands = "INPUT...", .many_operands = true, .file_list = true},
      .load = apps::load_text,
      .describe = [](const ds::TextInput& input) -> apps::InputSummary {
        return {input.total_bytes(), input.files().size(), input.skipped()};
      },
      .fingerprint = [](const ds::TextInput& input) { return apps::sampled_fingerprint(input); },
      .run_engine = [](pgasmr::pgas::Context& me, const ds::TextInput& input, const apps::AppOptions& options,
                       apps::JobTimer& timer) { return wc::count_words_engine(me, input, options.engine, timer); },
      .sequential = [](const ds::TextInput& input, const apps::AppOptions&) { return wc::count_words_sequential(input); },
      .phoenix_like = [](const ds::TextInput& input, const apps::AppOptions&,
                         std::size_t threads, apps::Stopwatch& clock) {
        auto texts = wc::stage_texts(input);
        clock.restart();  // Phoenix++'s library time starts with its input in memory
        return wc::count_words_phoenix_like(texts, threads);
      },
      .tbb = [](const ds::TextInput& input, const apps::AppOptions&,
                std::size_t threads) { return wc::count_words_tbb(input, threads); },
      .format = wc::format_word_counts,
      .summary = top_words,
      .difference = wc::describe_difference,
      .element_weights = [](const ds::TextInput& input) { return input.piece_sizes(); },
  };
  return apps::run_app(app, argc, argv);
}
