#pragma once
/// @file
/// What a C++ programmer would write instead of the engine: oneTBB's parallel_reduce.

#include <cstddef>

#include "spamcount/engine_spam_count.hpp"
#include "spamcount/keyword_counts.hpp"

namespace pgasmr::apps::spamcount {

/// tbb::parallel_reduce over the pieces in an arena of `threads` threads, each task counting
/// into its own array of counters, joined by addition.
KeywordCounts count_keywords_tbb(const Mailbox& input, std::size_t threads);

}  // namespace pgasmr::apps::spamcount
