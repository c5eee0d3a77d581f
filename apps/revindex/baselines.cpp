#include "revindex/baselines.hpp"

#include <algorithm>
#include <atomic>
#include <functional>
#include <iterator>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/workers.hpp"
#include "revindex/links.hpp"

namespace pgasmr::apps::revindex {

LinkIndex reverse_index_sequential(const datasets::TextInput& input) {
  std::map<std::string, FileList, std::less<>> index;
  std::string buffer;
  for (const auto& page : input.pieces()) {  // one piece per file, in file order
    for (auto link : distinct_links(input.text(page, buffer))) {
      auto it = index.find(link);
      if (it == index.end()) it = index.emplace(std::string(link), FileList{}).first;
      it->second.push_back(page.file);
    }
  }
  return LinkIndex::from_pairs(file_names(input), index);
}

LinkIndex reverse_index_phoenix_like(const datasets::TextInput& input, std::size_t threads) {
  using Index = std::unordered_map<std::string, FileList>;
  const auto& pages = input.pieces();
  std::vector<Index> per_worker(threads);
  std::atomic<std::size_t> next_page{0};
  run_workers(threads, [&](std::size_t worker) {
    std::string buffer;
    for (auto i = next_page.fetch_add(1, std::memory_order_relaxed); i < pages.size();
         i = next_page.fetch_add(1, std::memory_order_relaxed))
      for (auto link : distinct_links(input.text(pages[i], buffer)))
        per_worker[worker][std::string(link)].push_back(pages[i].file);
  });

  // Reduce: worker p owns the links whose hash is p modulo the worker count.
  std::vector<Index> partitions(threads);
  run_workers(threads, [&](std::size_t partition) {
    std::hash<std::string> hash;
    auto& mine = partitions[partition];
    for (const auto& index : per_worker)
      for (const auto& [link, files] : index)
        if (hash(link) % threads == partition) {
          auto& all = mine[link];
          all.insert(all.end(), files.begin(), files.end());
        }
    for (auto& [link, files] : mine) std::ranges::sort(files);
  });

  std::vector<std::pair<std::string, FileList>> merged;
  for (auto& partition : partitions) std::ranges::move(partition, std::back_inserter(merged));
  return LinkIndex::from_pairs(file_names(input), merged);
}

}  // namespace pgasmr::apps::revindex
