#pragma once
/// @file
/// The reverse index on the MapReduce engine: an element-by-element map over the input files
/// (one element each) into a hash container from link to the list of files, whose combiner
/// merges the lists; then a per-key reduce.

#include <cstddef>
#include <optional>

#include <pgasmr/datasets/text_input.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "revindex/link_index.hpp"

namespace pgasmr::apps::revindex {

/// Lists the input files of the command line (files and directories, --skip-unreadable, "-"),
/// each file one piece. Throws datasets::input_error naming a missing, unreadable or special file.
datasets::TextInput load_pages(const AppOptions& options, std::size_t total_threads);

/// Collective: the reverse index of `input` (every thread passes the same one) with the chosen
/// distribution (a file weighs its size) and reduce mode; laps "map" and the reduce phases.
/// The whole result on thread 0, nothing elsewhere.
std::optional<LinkIndex> reverse_index_engine(pgas::Context& me, const datasets::TextInput& input,
                                              const EngineChoice& choice, JobTimer& timer);

}  // namespace pgasmr::apps::revindex
