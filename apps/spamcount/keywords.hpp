#pragma once
/// @file
/// The keyword file of spam count: one keyword a line, each a word by word count's definition,
/// matched ignoring case.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/mapreduce/combiners.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>

namespace pgasmr::apps::spamcount {

/// The keywords in the file's order, and the table the engine's map looks words up in.
class Keywords {
 public:
  /// Parses the text of a keyword file (`name` for messages) as datasets::keyword_lines reads it
  /// (one word a line; its input_error for a line that is not a word, naming the file, the line
  /// and the byte, and for a file without keywords). A keyword given again (in any case) is one
  /// keyword reported at each of its lines.
  static Keywords parse(std::string_view text, std::string_view name);
  /// parse() of a whole file (input_error for a missing, unreadable or special file).
  static Keywords read(const std::filesystem::path& path);

  /// The distinct keywords, upper case, in the order they first appear: the counts' indexes.
  const std::vector<std::string>& distinct() const noexcept { return distinct_; }
  /// For each keyword line in file order, the index of its keyword in distinct().
  const std::vector<std::uint32_t>& lines() const noexcept { return lines_; }
  /// The index of `upper_word` (upper case) in distinct(), if it is a keyword.
  std::optional<std::uint32_t> find(std::string_view upper_word) const;

 private:
  std::vector<std::string> distinct_;
  std::vector<std::uint32_t> lines_;
  /// Upper-case keyword -> index in distinct_: the engine's open-addressing table, whose misses
  /// (most words of a mail) cost a hash and a probe, without a division or a pointer to follow.
  /// (Each keyword is emitted once, so the combiner never combines.)
  mr::HashContainer<std::string_view, std::uint32_t, mr::min> index_;
};

}  // namespace pgasmr::apps::spamcount
