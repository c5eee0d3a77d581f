// spamcount: counts the keywords of a keyword file in a set of e-mail files on the MapReduce
// engine (the thesis's SpamC) and compares with the sequential, Phoenix-like and oneTBB
// baselines. See --help.

#include <algorithm>
#include <numeric>
#include <string>

#include "common/app_driver.hpp"
#include "common/input_fingerprint.hpp"
#include "spamcount/baselines.hpp"
#include "spamcount/engine_spam_count.hpp"
#include "spamcount/tbb_baseline.hpp"

namespace apps = pgasmr::apps;
namespace spam = pgasmr::apps::spamcount;

namespace {

constexpr std::string_view synopsis =
    "Counts how often each keyword of the --keywords file occurs in the e-mail files INPUT...\n"
    "(files, and directories walked recursively in name order; - is standard input). The keyword\n"
    "file has one keyword a line (blank lines skipped, spaces around a keyword ignored, CRLF line\n"
    "ends accepted), each one word by word count's definition: an ASCII letter, then letters and\n"
    "apostrophes; it matches whole words of the mail, ignoring case. Each file is a map element\n"
    "weighing its size (big files are cut into pieces between words).\n"
    "--output writes a `KEYWORD<TAB>count` line (upper case) for every keyword line, in the file's\n"
    "order, 0 counts included; a keyword repeated (in any case) gets its count at each line.\n";

std::string top_keywords(const spam::KeywordCounts& counts, std::size_t top) {
  auto entries = counts.entries();
  const auto total = std::accumulate(entries.begin(), entries.end(), std::uint64_t{0},
                                     [](std::uint64_t sum, const spam::KeywordCount& e) { return sum + e.count; });
  std::ranges::stable_sort(entries, [](const auto& a, const auto& b) { return a.count > b.count; });
  std::string text = "top " + std::to_string(std::min(top, entries.size())) + " of " + std::to_string(entries.size()) +
                     " keywords (" + std::to_string(total) + " occurrences in all):\n";
  for (std::size_t i = 0; i < top && i < entries.size(); ++i) {
    const auto& [keyword, count] = entries[i];
    text += "  " + keyword + std::string(keyword.size() < 20 ? 20 - keyword.size() : 0, ' ') + " " +
            std::to_string(count) + "\n";
  }
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  const apps::AppDefinition<spam::Mailbox, spam::KeywordCounts> app{
      .name = "spamcount",
      .synopsis = synopsis,
      .command_line = {.operands = "INPUT...",
                       .many_operands = true,
                       .file_list = true,
                       .flags = {{.name = "--keywords",
                                  .value_name = "FILE",
                                  .help = "the keywords to count, one a line",
                                  .required = true,
                                  .names_file = true}}},
      .load = spam::load_mailbox,
      .describe = [](const spam::Mailbox& input) -> apps::InputSummary {
        return {input.mail.total_bytes(), input.mail.files().size(), input.mail.skipped()};
      },
      .fingerprint = [](const spam::Mailbox& input) { return apps::sampled_fingerprint(input.mail); },
      .run_engine = [](pgasmr::pgas::Context& me, const spam::Mailbox& input, const apps::AppOptions& options,
                       apps::JobTimer& timer) { return spam::count_keywords_engine(me, input, options.engine, timer); },
      .sequential = [](const spam::Mailbox& input,
                       const apps::AppOptions&) { return spam::count_keywords_sequential(input); },
      .phoenix_like = [](const spam::Mailbox& input, const apps::AppOptions&,
                         std::size_t threads, apps::Stopwatch&) {
        return spam::count_keywords_phoenix_like(input, threads);
      },
      .tbb = [](const spam::Mailbox& input, const apps::AppOptions&,
                std::size_t threads) { return spam::count_keywords_tbb(input, threads); },
      .format = spam::format_keyword_counts,
      .summary = top_keywords,
      .difference = spam::describe_difference,
      .element_weights = [](const spam::Mailbox& input) { return input.mail.piece_sizes(); },
  };
  return apps::run_app(app, argc, argv);
}
