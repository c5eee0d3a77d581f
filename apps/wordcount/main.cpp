// wordcount: counts the words of a text file on the MapReduce engine and compares with the
// sequential and Phoenix-like baselines. See --help.

#include <cstdio>

#include "common/app_driver.hpp"
#include "wordcount/baselines.hpp"
#include "wordcount/engine_word_count.hpp"

namespace apps = pgasmr::apps;
namespace wc = pgasmr::apps::wordcount;

namespace {

constexpr std::string_view synopsis =
    "Counts the words of the text file INPUT: runs of ASCII letters and apostrophes starting with\n"
    "a letter, case-insensitive, reported in upper case (Phoenix++'s word); other bytes separate.\n"
    "--output writes every `WORD<TAB>count` line, by count descending, then word ascending.\n";

void print_top_words(const wc::WordCounts& counts, std::size_t top) {
  const auto& entries = counts.entries();
  std::printf("top %zu of %zu distinct words (%llu words in all):\n", std::min(top, entries.size()), entries.size(),
              static_cast<unsigned long long>(counts.total_words()));
  for (std::size_t i = 0; i < top && i < entries.size(); ++i)
    std::printf("  %-20s %llu\n", entries[i].word.c_str(), static_cast<unsigned long long>(entries[i].count));
}

}  // namespace

int main(int argc, char** argv) {
  const apps::AppDefinition<wc::TextInput, wc::WordCounts> app{
      .name = "wordcount",
      .synopsis = synopsis,
      .load = wc::load_text,
      .input_bytes = [](const wc::TextInput& input) -> std::uint64_t { return input.file.size(); },
      .run_engine = [](pgasmr::pgas::Context& me, const wc::TextInput& input, const apps::AppOptions& options,
                       apps::JobTimer& timer) { return wc::count_words_engine(me, input.chunks, options.engine, timer); },
      .sequential = [](const wc::TextInput& input) { return wc::count_words_sequential(input.file.text()); },
      .phoenix_like = [](const wc::TextInput& input,
                         std::size_t threads) { return wc::count_words_phoenix_like(input.file.text(), threads); },
      .format = wc::format_word_counts,
      .print_top = print_top_words,
      .difference = wc::describe_difference,
  };
  return apps::run_app(app, argc, argv);
}
