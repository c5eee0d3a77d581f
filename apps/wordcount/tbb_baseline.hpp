#pragma once
/// @file
/// What a C++ programmer would write instead of the engine: oneTBB's parallel_for with a
/// combinable map per thread.

#include <cstddef>

#include <pgasmr/datasets/text_input.hpp>

#include "wordcount/word_counts.hpp"

namespace pgasmr::apps::wordcount {

/// tbb::parallel_for over the pieces in an arena of `threads` threads; each thread counts into
/// its own std::unordered_map (tbb::combinable), merged at the end.
WordCounts count_words_tbb(const datasets::TextInput& input, std::size_t threads);

}  // namespace pgasmr::apps::wordcount
