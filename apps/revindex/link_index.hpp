#pragma once
/// @file
/// The reverse index in the form every version (engine, baselines) reports it: every link with
/// the files that contain it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/datasets/text_input.hpp>

namespace pgasmr::apps::revindex {

/// Files by index into the input's files (walk order), ascending, each once.
using FileList = std::vector<std::uint32_t>;

/// The union of two ascending file lists: the combiner of the engine's hash container
/// (associative, commutative and exact, so the lists do not depend on which thread folds what).
/// Map functions emit one file index at a time, which `accumulate` adds in place: appended in
/// amortised constant time when files come in ascending order, as a thread maps them (merging
/// a one-file list instead would copy a popular link's whole list at every page).
struct merge_file_lists {
  FileList operator()(const FileList& a, const FileList& b) const;
  void accumulate(FileList& files, std::uint32_t file) const;
  template <class V>
  static V identity() {
    return {};
  }
};

struct LinkFiles {
  std::string link;
  FileList files;
  friend bool operator==(const LinkFiles&, const LinkFiles&) = default;
};

/// Every link once, sorted by bytes, with its files; and the files' names.
class LinkIndex {
 public:
  LinkIndex() = default;
  /// Takes (link, files) pairs with distinct links in any order; sorts them by link.
  template <class Pairs>
  static LinkIndex from_pairs(std::vector<std::string> paths, const Pairs& pairs) {
    std::vector<LinkFiles> entries;
    entries.reserve(pairs.size());
    for (const auto& [link, files] : pairs) entries.push_back({std::string(link), files});
    return LinkIndex(std::move(paths), std::move(entries));
  }

  const std::vector<std::string>& paths() const noexcept { return paths_; }
  const std::vector<LinkFiles>& entries() const noexcept { return entries_; }
  friend bool operator==(const LinkIndex&, const LinkIndex&) = default;

 private:
  LinkIndex(std::vector<std::string> paths, std::vector<LinkFiles> entries);
  std::vector<std::string> paths_;
  std::vector<LinkFiles> entries_;
};

/// The input files' names as the output shows them: the path as found ("-" for standard input).
std::vector<std::string> file_names(const datasets::TextInput& input);

/// The --output format: `LINK<TAB>file<TAB>file...` per link, by link.
std::string format_link_index(const LinkIndex& index);

/// Tells what differs between two results (empty when they are equal), for --verify.
std::string describe_difference(const LinkIndex& expected, const LinkIndex& actual);

}  // namespace pgasmr::apps::revindex
