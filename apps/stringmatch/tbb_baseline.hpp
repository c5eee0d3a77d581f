#pragma once
/// @file
/// What a C++ programmer would write instead of the engine: oneTBB's parallel_for over the
/// pieces, each writing its own slot of a result vector.

#include <cstddef>

#include "stringmatch/engine_string_match.hpp"
#include "stringmatch/line_matches.hpp"

namespace pgasmr::apps::stringmatch {

/// tbb::parallel_for over the pieces in an arena of `threads` threads; piece i's matches go to
/// slot i, and the lines are numbered in piece order at the end.
LineMatches match_lines_tbb(const StringMatchInput& input, std::size_t threads);

}  // namespace pgasmr::apps::stringmatch
