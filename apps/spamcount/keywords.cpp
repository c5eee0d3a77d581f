#include "spamcount/keywords.hpp"

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

#include "wordcount/words.hpp"

namespace pgasmr::apps::spamcount {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trimmed(std::string_view line) {
  while (!line.empty() && is_blank(line.front())) line.remove_prefix(1);
  while (!line.empty() && is_blank(line.back())) line.remove_suffix(1);
  return line;
}

/// Whether `text` is exactly one word as word count reads it.
bool is_one_word(std::string_view text) {
  std::size_t words = 0, word_bytes = 0;
  wordcount::for_each_word(text, [&](std::string_view word) {
    ++words;
    word_bytes = word.size();
  });
  return words == 1 && word_bytes == text.size();
}

}  // namespace

Keywords Keywords::parse(std::string_view text, std::string_view name) {
  Keywords keywords;
  for (std::size_t line_number = 1; !text.empty(); ++line_number) {
    auto newline = text.find('\n');
    auto line = text.substr(0, newline);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    if (line.ends_with('\r')) line.remove_suffix(1);
    line = trimmed(line);
    if (line.empty()) continue;
    if (!is_one_word(line))
      throw datasets::input_error(datasets::in_quotes(name) + " line " + std::to_string(line_number) + ": " +
                                  "'" + datasets::excerpt(line) + "'" +
                                  " is not a word (an ASCII letter, then ASCII letters and apostrophes)");
    auto upper = wordcount::to_upper(line);
    if (auto known = keywords.find(upper)) {
      keywords.lines_.push_back(*known);
      continue;
    }
    const auto index = static_cast<std::uint32_t>(keywords.distinct_.size());
    keywords.index_.emit(upper, index);  // the table keeps its own copy of the bytes
    keywords.distinct_.push_back(std::move(upper));
    keywords.lines_.push_back(index);
  }
  if (keywords.lines_.empty()) throw datasets::input_error(datasets::in_quotes(name) + " has no keywords");
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
