#pragma once
/// @file
/// Spam count on the MapReduce engine: an element-by-element map over the pieces of the e-mail
/// files (a file, or a piece of a big one) into an array container indexed by keyword, with a
/// sum combiner.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <pgasmr/datasets/text_input.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "spamcount/keyword_counts.hpp"
#include "spamcount/keywords.hpp"

namespace pgasmr::apps::spamcount {

/// The input, once per process: the keywords and the e-mail files cut into pieces.
struct Mailbox {
  Keywords keywords;
  datasets::TextInput mail;
};

/// Reads the --keywords file and lists the INPUT... files (as word count does: directories
/// walked in name order, --skip-unreadable, "-"), cut for `total_threads` threads. Throws
/// datasets::input_error for a bad keyword file or an unreadable input.
Mailbox load_mailbox(const AppOptions& options, std::size_t total_threads);

/// Collective: counts the keywords of `input` (every thread passes the same one) with the
/// chosen distribution and reduce mode; laps "map" and the reduce phases. The whole result on
/// thread 0, nothing elsewhere.
std::optional<KeywordCounts> count_keywords_engine(pgas::Context& me, const Mailbox& input, const EngineChoice& choice,
                                                   JobTimer& timer);

}  // namespace pgasmr::apps::spamcount
