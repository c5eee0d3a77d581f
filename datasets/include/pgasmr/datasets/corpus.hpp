#pragma once
/// @file
/// A text corpus for word count: Zipf-distributed dictionary words in sentences and lines.

#include <cstdint>
#include <filesystem>

#include <pgasmr/datasets/progress.hpp>

namespace pgasmr::datasets {

/// Debian's wamerican word list, used when present.
inline const std::filesystem::path system_dictionary = "/usr/share/dict/words";

struct CorpusOptions {
  std::uint64_t seed = 1;
  /// Exact size of the file in bytes.
  std::uint64_t bytes = 0;
  /// One word a line. The system dictionary falls back to the built-in vocabulary when the
  /// file is absent; any other path must exist (else input_error); an empty path selects the
  /// built-in vocabulary.
  std::filesystem::path dictionary = system_dictionary;
  /// Zipf exponent: the word of frequency rank k appears in proportion to 1 / k^zipf_s.
  double zipf_s = 1.0;
};

/// Writes `options.bytes` bytes of text to `path`, all-or-nothing (AtomicOutputFile).
/// The text looks like prose: dictionary words as they are (mixed case, possessives, non-ASCII
/// letters), sentences that start with a capital and end in . ? or !, commas and semicolons,
/// lines of at most 72 columns (or one word), blank lines between paragraphs, a final newline
/// (several when the last word would not fit). The top frequency ranks go to the most common
/// English words the dictionary has ("the", "of", "and", ...), the others to the remaining
/// words in a seeded random order. The same (seed, bytes, dictionary, zipf_s) always gives the
/// same bytes. Throws input_error for an unreadable or empty dictionary (before creating any
/// file), std::invalid_argument for a negative zipf_s, output_error when `path` cannot be
/// written.
void generate_corpus(const std::filesystem::path& path, const CorpusOptions& options, const Progress& progress = {});

}  // namespace pgasmr::datasets
