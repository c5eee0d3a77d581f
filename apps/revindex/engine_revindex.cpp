#include "revindex/engine_revindex.hpp"

#include <cstdint>
#include <limits>
#include <ranges>
#include <string>
#include <string_view>
#include <utility>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"
#include "revindex/links.hpp"

namespace pgasmr::apps::revindex {

datasets::TextInput load_pages(const AppOptions& options, std::size_t /*total_threads*/) {
  auto files = datasets::collect_input_files(
      options.inputs, {.skip_unreadable = options.skip_unreadable, .allow_standard_input = true});
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
