#pragma once
/// @file
/// What a C++ programmer would write instead of the engine: oneTBB's parallel_for with a
/// combinable map per thread.

#include <cstddef>

#include <pgasmr/datasets/text_input.hpp>

#include "revindex/link_index.hpp"

namespace pgasmr::apps::revindex {

/// tbb::parallel_for over the files in an arena of `threads` threads; each thread adds its
/// files to its own std::unordered_map (tbb::combinable), merged and sorted at the end.
LinkIndex reverse_index_tbb(const datasets::TextInput& input, std::size_t threads);

}  // namespace pgasmr::apps::revindex
