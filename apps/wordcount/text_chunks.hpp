#pragma once
/// @file
/// Splitting a text into pieces that the map phase can count independently.

#include <cstddef>
#include <string_view>
#include <vector>

namespace pgasmr::apps::wordcount {

/// Splits `text` into at most `target_chunks` consecutive non-empty pieces of about equal size.
/// A cut never falls inside a run of letters and apostrophes, so no word is split and every word
/// lies in exactly one piece (a cut moves forward past a long word; pieces can be fewer).
/// The pieces cover `text` exactly, in order.
std::vector<std::string_view> split_between_words(std::string_view text, std::size_t target_chunks);

/// How many pieces word count cuts a text of `bytes` into for `threads` workers: enough for the
/// DYNAMIC distribution and the Phoenix-like task queue to balance (8 per worker, at least one per
/// MiB), few enough that the per-piece overhead does not show.
std::size_t chunk_count_for(std::size_t bytes, std::size_t threads);

}  // namespace pgasmr::apps::wordcount
