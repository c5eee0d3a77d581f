#pragma once
/// @file
/// The keys of string match and grep's whole-word test (`grep -Fw`, in the C locale): a line
/// matches when some key occurs in it at a place where the byte before the occurrence (if any)
/// and the byte after it (if any) are not word constituents. Word constituents are the ASCII
/// letters, digits and the underscore; every other byte (NUL, CR, bytes above 127) is not.
/// grep tries every occurrence of every key, so "foobar foo" matches the key "foo". An empty key
/// matches, as in grep, at any place with no word constituent on either side: an empty line,
/// a line starting or ending with a non-word byte, two non-word bytes in a row.

#include <array>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <pgasmr/mapreduce/hash.hpp>

#include "stringmatch/word_table.hpp"

namespace pgasmr::apps::stringmatch {

inline constexpr std::array<bool, 256> word_constituents = [] {
  std::array<bool, 256> word{};
  for (int c = 'A'; c <= 'Z'; ++c) word[static_cast<std::size_t>(c)] = true;
  for (int c = 'a'; c <= 'z'; ++c) word[static_cast<std::size_t>(c)] = true;
  for (int c = '0'; c <= '9'; ++c) word[static_cast<std::size_t>(c)] = true;
  word['_'] = true;
  return word;
}();

inline bool is_word_constituent(char c) noexcept { return word_constituents[static_cast<unsigned char>(c)]; }

/// A set of keys (byte strings without newlines); immutable once built, so any number of
/// threads may match with it at once.
class KeySet {
 public:
  /// The keys, any number of times each (duplicates change nothing).
  explicit KeySet(std::vector<std::string> keys);

  /// The keys of a key file: its lines, as `grep -f` reads them (a final line without a newline
  /// is a key too; CR bytes belong to the key). Throws datasets::input_error naming the file when
  /// it cannot be read or has no line at all.
  static KeySet read(const std::filesystem::path& file);

  /// Whether some key occurs in `line` (a line without its newline) as a whole word.
  bool matches(std::string_view line) const;

  /// The number of distinct keys (the empty one included).
  std::size_t size() const noexcept { return words_.size() + others_.size() + (has_empty_key_ ? 1 : 0); }

 private:
  /// matches() for key sets with the empty key or keys of other bytes: every place a whole word
  /// may start is tried, with each of those keys' lengths.
  bool matches_at_every_place(std::string_view line) const;

  struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view key) const noexcept { return mr::hash<std::string_view>{}(key); }
  };

  /// The keys made of word constituents only (the usual ones). At a place where a whole word
  /// may start, only the one as long as the place's run of word constituents can occur there
  /// as a whole word (a shorter one ends inside the run, a longer one cannot match it): one
  /// lookup per word of the line.
  WordTable words_;
  /// The keys with another byte ("foo bar", "-x"), tried at each such place with each of their
  /// lengths whose end is a word's end: the byte after it must be a non-word byte (or the line's
  /// end).
  std::unordered_set<std::string, KeyHash, std::equal_to<>> others_;
  std::vector<std::size_t> other_lengths_;  ///< their distinct lengths, ascending
  std::array<bool, 256> other_first_bytes_{};  ///< the bytes they start with
  bool has_empty_key_ = false;
};

}  // namespace pgasmr::apps::stringmatch
