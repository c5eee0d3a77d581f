#pragma once
/// @file
/// The baselines the engine's string match is compared with.

#include <cstddef>

#include "stringmatch/engine_string_match.hpp"
#include "stringmatch/line_matches.hpp"

namespace pgasmr::apps::stringmatch {

/// One thread reading the pieces in order and counting every file's lines as it goes: the
/// reference that --verify compares with.
LineMatches match_lines_sequential(const StringMatchInput& input);

/// Phoenix++'s string_match design on `threads` std::threads: workers take pieces (splits of
/// whole lines) from a shared queue and keep their matches in their own list; the lists are then
/// merged in piece order and the lines numbered. (Each piece is one key, so there is nothing to
/// combine and no partitioned reduce.)
LineMatches match_lines_phoenix_like(const StringMatchInput& input, std::size_t threads);

}  // namespace pgasmr::apps::stringmatch
