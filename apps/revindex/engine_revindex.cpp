#include "revindex/engine_revindex.hpp"

#include <cstdint>
#include <filesystem>
#include <limits>
#include <ranges>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_set>
#include <utility>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"
#include "revindex/links.hpp"

namespace pgasmr::apps::revindex {

namespace {

/// `files` with each file once, where it is first named or reached (a file is one page, however
/// often the operands lead to it by one canonical path; a hard link is another name, and another
/// page); refuses names that the output's lines cannot hold.
datasets::InputFiles each_file_once(datasets::InputFiles files) {
  std::unordered_set<std::string> seen;  // canonical paths
  std::vector<datasets::InputFile> kept;
  files.total_bytes = 0;
  for (auto& file : files.files) {
    if (file.path.native().find_first_of("\t\r\n") != std::string::npos)
      throw datasets::input_error(datasets::in_quotes(file.path) +
                                  ": a file name with a tab, CR or LF, which the output's LINK<TAB>file lines "
                                  "cannot hold");
    std::error_code error;
    auto canonical = file.path == datasets::standard_input_operand
                         ? file.path
                         : std::filesystem::weakly_canonical(file.path, error);
    if (!seen.insert(error ? file.path.native() : canonical.native()).second) continue;
    files.total_bytes += file.size;
    kept.push_back(std::move(file));
  }
  files.files = std::move(kept);
  return files;
}

}  // namespace

datasets::TextInput load_pages(const AppOptions& options, std::size_t /*total_threads*/) {
  auto files = each_file_once(datasets::collect_input_files(
      options.inputs, {.skip_unreadable = options.skip_unreadable, .allow_standard_input = true}));
  // A page is never cut: a file's links are counted once per file in one map call.
  constexpr auto whole_files = std::numeric_limits<std::uint64_t>::max();
  return datasets::TextInput(std::move(files), whole_files, datasets::cut_after_newline);
}

std::optional<LinkIndex> reverse_index_engine(pgas::Context& me, const datasets::TextInput& input,
                                              const EngineChoice& choice, JobTimer& timer) {
  const auto& pages = input.pieces();
  WeightedDistribution distribution(choice.distribution, pages.size(), [&](std::size_t i) { return pages[i].size; });
  // Links are copied into the container's arena, so the page buffer can be reused; each file
  // index emitted joins its link's list in place; the lists travel on the engine's
  // length-prefixed path.
  mr::HashContainer<std::string_view, FileList, merge_file_lists> index;
  auto map_page = [&](const datasets::TextPiece& page, auto& out) {
    thread_local std::string buffer;
    for (auto link : distinct_links(input.text(page, buffer))) out.emit(link, page.file);
  };
  mr::apply_map(me, pages, map_page, index, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, index, choice.reduce, timer);
  std::optional<LinkIndex> result;
  if (me.thread() == 0) result = LinkIndex::from_pairs(file_names(input), reduced);
  timer.lap("collect");  // thread 0 copies the result while the others wait in the lap's barrier
  return result;
}

}  // namespace pgasmr::apps::revindex
