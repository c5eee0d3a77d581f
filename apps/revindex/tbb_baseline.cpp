#include "revindex/tbb_baseline.hpp"

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <string>
#include <unordered_map>

#include "common/tbb_arena.hpp"
#include "revindex/links.hpp"

namespace pgasmr::apps::revindex {

LinkIndex reverse_index_tbb(const datasets::TextInput& input, std::size_t threads) {
  using Index = std::unordered_map<std::string, FileList>;
  const auto& pages = input.pieces();
  tbb::combinable<Index> per_thread;
  TbbArena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, pages.size()), [&](const tbb::blocked_range<std::size_t>& range) {
      auto& mine = per_thread.local();
      std::string buffer;
      for (auto i = range.begin(); i < range.end(); ++i)
        for (auto link : distinct_links(input.text(pages[i], buffer))) mine[std::string(link)].push_back(pages[i].file);
    });
  });
  Index total;
  per_thread.combine_each([&](const Index& mine) {
    for (const auto& [link, files] : mine) {
      auto& all = total[link];
      all.insert(all.end(), files.begin(), files.end());
    }
  });
  for (auto& [link, files] : total) std::ranges::sort(files);
  return LinkIndex::from_pairs(file_names(input), total);
}

}  // namespace pgasmr::apps::revindex
