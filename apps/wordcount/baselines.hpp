#pragma once
/// @file
/// The baselines the engine's word count is compared with.

#include <cstddef>
#include <string_view>

#include <pgasmr/datasets/text_input.hpp>

#include "wordcount/word_counts.hpp"

namespace pgasmr::apps::wordcount {

/// One thread, one std::unordered_map: the reference that --verify compares with.
WordCounts count_words_sequential(std::string_view text);
WordCounts count_words_sequential(const datasets::TextInput& input);

/// Phoenix++'s design on `threads` std::threads: workers take pieces of the input from a shared
/// queue and count into their own hash map with a sum combiner; then each worker merges one hash
/// partition of all the maps.
WordCounts count_words_phoenix_like(const datasets::TextInput& input, std::size_t threads);

}  // namespace pgasmr::apps::wordcount
