#pragma once
// The vocabulary a corpus draws from: a dictionary file (one word a line), or built-in words.

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pgasmr::datasets::detail {

/// The words of `path`, in file order, every non-empty line without blanks, as is (non-ASCII
/// bytes and possessives such as "dog's" included). Throws input_error when the file cannot be
/// read or holds no word.
std::vector<std::string> load_word_list(const std::filesystem::path& path);

/// A fixed English-like vocabulary (about 60,000 words) for machines without a dictionary:
/// the common English words below, contractions, then syllable words, some capitalised, some
/// possessives, a few accented. The same on every machine.
std::vector<std::string> builtin_word_list();

/// Whether `text` is one word as the text apps read it: an ASCII letter, then ASCII letters and
/// apostrophes.
bool is_word(std::string_view text) noexcept;

/// The position of the first byte of `text` that a word cannot have there (npos when there is
/// none: `text` is a word, or empty).
std::size_t first_non_word_byte(std::string_view text) noexcept;

/// `text` with A-Z turned into a-z.
std::string ascii_lower(std::string_view text);

/// The most frequent English words, most frequent first: real text owes about half its words
/// to them, so a corpus gives them the top frequency ranks when its vocabulary has them.
std::span<const std::string_view> common_english_words();

}  // namespace pgasmr::datasets::detail
