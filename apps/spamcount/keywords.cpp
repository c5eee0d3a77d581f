#include "spamcount/keywords.hpp"

#include <pgasmr/datasets/keyword_list.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

#include "common/words.hpp"

namespace pgasmr::apps::spamcount {

Keywords Keywords::parse(std::string_view text, std::string_view name) {
  Keywords keywords;
  for (auto keyword : datasets::keyword_lines(text, name)) {
    auto upper = to_upper(keyword);
    if (auto known = keywords.find(upper)) {
      keywords.lines_.push_back(*known);
      continue;
    }
    const auto index = static_cast<std::uint32_t>(keywords.distinct_.size());
    keywords.index_.emit(upper, index);  // the table keeps its own copy of the bytes
    keywords.distinct_.push_back(std::move(upper));
    keywords.lines_.push_back(index);
  }
  return keywords;
}

Keywords Keywords::read(const std::filesystem::path& path) {
  datasets::MappedFile file(path, datasets::Prefetch::populate);
  return file.read_checked([&] { return parse(file.text(), path.native()); });
}

std::optional<std::uint32_t> Keywords::find(std::string_view upper_word) const {
  if (const auto* index = index_.find(upper_word)) return *index;
  return std::nullopt;
}

}  // namespace pgasmr::apps::spamcount
