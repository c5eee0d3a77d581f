#pragma once
/// @file
/// The baselines the engine's word count is compared with.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/datasets/text_input.hpp>

#include "wordcount/word_counts.hpp"

namespace pgasmr::apps::wordcount {

/// One thread, one std::unordered_map: the reference that --verify compares with.
WordCounts count_words_sequential(std::string_view text);
WordCounts count_words_sequential(const datasets::TextInput& input);

/// Phoenix++'s word count on `threads` std::threads: the map's elements are the pieces of the
/// input (Phoenix++'s 1 MiB splits), in tasks from Phoenix++'s queue (phoenix_like_tasks.hpp);
/// the map of a piece upper-cases it in place and emits (word, 1) for each word, found byte by
/// byte, into the worker's hash container (open addressing, Phoenix++'s FNV-1a hash of the word,
/// sum combiners); the reduce adds each hash partition up over the workers in a
/// std::unordered_map, and MapReduceSort's merge sorts the words by count.
/// The map writes into `texts` (stage_texts' pieces). The words point into them: keep them as
/// long as the result is built (Phoenix++ keeps its whole input).
WordCounts count_words_phoenix_like(std::vector<std::string>& texts, std::size_t threads);
/// The same after stage_texts(input).
WordCounts count_words_phoenix_like(const datasets::TextInput& input, std::size_t threads);

/// The input's pieces, one writable string each: Phoenix++'s word count reads its whole input
/// into memory before it starts its library's clock, and its map writes into it.
std::vector<std::string> stage_texts(const datasets::TextInput& input);

}  // namespace pgasmr::apps::wordcount
