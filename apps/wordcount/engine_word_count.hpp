#pragma once
/// @file
/// Word count on the MapReduce engine: an element-by-element map over pieces of the input files
/// into a hash container with a sum combiner, then a per-key reduce.

#include <cstddef>
#include <optional>

#include <pgasmr/datasets/text_input.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "wordcount/word_counts.hpp"

namespace pgasmr::apps::wordcount {

/// Collective: counts the words of `input` (every thread passes the same one) with the chosen
/// distribution (a piece weighs its size) and reduce mode; laps "map" and the reduce phases.
/// The whole result on thread 0, nothing elsewhere.
std::optional<WordCounts> count_words_engine(pgas::Context& me, const datasets::TextInput& input,
                                             const EngineChoice& choice, JobTimer& timer);

}  // namespace pgasmr::apps::wordcount
