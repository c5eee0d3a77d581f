#pragma once
/// @file
/// A keyword file for spam count: dictionary words, one a line; writing one and reading one.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include <pgasmr/datasets/corpus.hpp>
#include <pgasmr/datasets/progress.hpp>

namespace pgasmr::datasets {

struct KeywordListOptions {
  std::uint64_t seed = 1;
  std::uint64_t count = 0;  ///< at least 1
  std::filesystem::path dictionary = system_dictionary;  ///< as CorpusOptions::dictionary
};

/// The words a mail's header is made of (field names, days, months, names, domains): a keyword
/// list leaves them out, so that a mailbox's keywords occur only where they were planted.
std::span<const std::string_view> mail_header_words();

/// Writes `options.count` distinct dictionary words, one a line, all-or-nothing: words of ASCII
/// letters only, none of the most common English words nor a mail header word, distinct
/// ignoring case, in a seeded order. The order does not depend on the count, so a shorter list
/// of the same seed is the beginning of a longer one (plant the first K keywords of a list with
/// `mailbox --planted K`, and the rest are absent). Throws input_error for an unreadable
/// dictionary or one named in `options` with fewer usable words than `count`,
/// std::invalid_argument when the default dictionary has fewer or count is 0, output_error when
/// `path` cannot be written.
void generate_keyword_list(const std::filesystem::path& path, const KeywordListOptions& options,
                           const Progress& progress = {});

/// The keywords of a keyword file's text (`name` for messages), one a line, in file order
/// (views into `text`), as spam count and `pgasmr-datagen mailbox --keywords` read them. Lines
/// end in "\n" or "\r\n" (the last newline optional); spaces and tabs around a keyword are
/// ignored; blank lines are skipped. Every other line must be one word: an ASCII letter, then
/// ASCII letters and apostrophes. Throws input_error naming the file, the line and the first
/// byte that is not allowed ("'kw.txt' line 3: 'e-mail' is not a word (...): byte 2 is '-'"; a
/// UTF-8 byte-order mark by that name), and for a file without keywords.
std::vector<std::string_view> keyword_lines(std::string_view text, std::string_view name);

}  // namespace pgasmr::datasets
