#pragma once
/// @file
/// A key file for string match: words of a corpus and words that are not in it.

#include <cstdint>
#include <filesystem>

namespace pgasmr::datasets {

struct KeysOptions {
  std::uint64_t seed = 1;
  /// The number of keys (lines) to write, at least 1.
  std::uint64_t count = 0;
  /// The share of the keys, in percent (0 to 100), that occur nowhere in the corpus.
  std::uint64_t absent_percent = 25;
  /// The text the present keys come from.
  std::filesystem::path corpus;
};

/// Writes `count` distinct keys to `path`, one a line, all-or-nothing: count x absent_percent /
/// 100 (rounded down) made-up words of 4 to 10 lower-case letters that are not a word of the
/// corpus, and the rest distinct words of the corpus, drawn uniformly from its distinct words
/// (a word: a maximal run of ASCII letters, digits and underscores, grep -w's word, so each
/// present key occurs in the corpus as a whole word), all in a seeded random order. The same
/// options and corpus always give the same bytes. Throws input_error when the corpus cannot be
/// read or has fewer distinct words than the present keys need, std::invalid_argument for a
/// count of 0 or a percentage above 100, output_error when `path` cannot be written.
void generate_keys(const std::filesystem::path& path, const KeysOptions& options);

}  // namespace pgasmr::datasets
