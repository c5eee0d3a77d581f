#pragma once
// The words the text generators draw from, in frequency-rank order.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace pgasmr::datasets::detail {

/// The words of `dictionary` (one a line): the system dictionary falls back to the built-in
/// vocabulary when the file is absent; any other path must exist (else input_error); an empty
/// path selects the built-in vocabulary.
std::vector<std::string> vocabulary(const std::filesystem::path& dictionary);

/// `words` in frequency-rank order: the common English words it has, most frequent first, then
/// the rest in a seeded random order.
std::vector<std::string> by_frequency_rank(std::vector<std::string> words, std::uint64_t seed);

}  // namespace pgasmr::datasets::detail
