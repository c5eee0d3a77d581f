#pragma once
/// @file
/// The baselines the engine's spam count is compared with.

#include <cstddef>

#include "spamcount/engine_spam_count.hpp"
#include "spamcount/keyword_counts.hpp"

namespace pgasmr::apps::spamcount {

/// One thread, one array of counters: the reference that --verify compares with.
KeywordCounts count_keywords_sequential(const Mailbox& input);

/// Phoenix++'s design on `threads` std::threads: workers take pieces from a shared queue and
/// count into their own array of counters (an array container with a sum combiner); then each
/// worker adds up one range of keywords over all the arrays, and the ranges are joined.
KeywordCounts count_keywords_phoenix_like(const Mailbox& input, std::size_t threads);

}  // namespace pgasmr::apps::spamcount
