#include "revindex/link_index.hpp"

#include <algorithm>
#include <iterator>
#include <map>

#include "common/difference_report.hpp"

namespace pgasmr::apps::revindex {

FileList merge_file_lists::operator()(const FileList& a, const FileList& b) const {
  FileList merged;
  merged.reserve(a.size() + b.size());
  std::ranges::set_union(a, b, std::back_inserter(merged));
  return merged;
}

void merge_file_lists::accumulate(FileList& files, std::uint32_t file) const {
  if (files.empty() || files.back() < file) {
    files.push_back(file);
    return;
  }
  if (auto at = std::ranges::lower_bound(files, file); *at != file) files.insert(at, file);
}

LinkIndex::LinkIndex(std::vector<std::string> paths, std::vector<LinkFiles> entries)
    : paths_(std::move(paths)), entries_(std::move(entries)) {
  std::ranges::sort(entries_, {}, &LinkFiles::link);
}

std::vector<std::string> file_names(const datasets::TextInput& input) {
  std::vector<std::string> names;
  for (const auto& file : input.files()) names.push_back(file.path.string());
  return names;
}

std::string format_link_index(const LinkIndex& index) {
  std::string text;
  for (const auto& [link, files] : index.entries()) {
    text += link;
    for (auto file : files) text.append(1, '\t').append(index.paths()[file]);
    text += '\n';
  }
  return text;
}

std::string describe_difference(const LinkIndex& expected, const LinkIndex& actual) {
  if (expected == actual) return {};
  if (expected.paths() != actual.paths()) return "different input files";
  std::map<std::string_view, const FileList*> want, got;
  for (const auto& e : expected.entries()) want.emplace(e.link, &e.files);
  for (const auto& e : actual.entries()) got.emplace(e.link, &e.files);
  DifferenceReport report(std::to_string(want.size()) + " links expected, " + std::to_string(got.size()) + " found");
  auto note = [&](std::string_view link, auto what) {
    report.note([&] { return std::string(link) + ": " + what(); });
  };
  for (const auto& [link, files] : want) {
    auto it = got.find(link);
    if (it == got.end())
      note(link, [&] { return "missing (expected in " + std::to_string(files->size()) + " files)"; });
    else if (*it->second != *files)
      note(link, [&] {
        return "other files (" + std::to_string(it->second->size()) + " instead of " + std::to_string(files->size()) +
               ")";
      });
  }
  for (const auto& [link, files] : got)
    if (!want.contains(link)) note(link, [&] { return "unexpected (in " + std::to_string(files->size()) + " files)"; });
  if (report.differences() == 0) return report.str("links") + "; same links in a different order";
  return report.str("links");
}

}  // namespace pgasmr::apps::revindex
