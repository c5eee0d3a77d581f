#pragma once
/// @file
/// String match on the MapReduce engine: an element-by-element map over pieces of the input
/// files (whole lines each) into a list of each piece's matching lines, gathered on thread 0,
/// where the lines are numbered.

#include <cstddef>
#include <optional>

#include <pgasmr/datasets/text_input.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "stringmatch/key_set.hpp"
#include "stringmatch/line_matches.hpp"

namespace pgasmr::apps::stringmatch {

/// What each process loads: the keys and the input files, cut into pieces of whole lines.
struct StringMatchInput {
  KeySet keys;
  datasets::TextInput text;
};

/// Reads the --keys file and lists the input files of the command line (files and directories,
/// --skip-unreadable, "-"), cut into pieces for `total_threads` threads. Throws
/// datasets::input_error naming a missing, unreadable or special file, or a key file without keys.
StringMatchInput load_input(const AppOptions& options, std::size_t total_threads);

/// Collective: the lines of `input` that match its keys (every thread passes the same input),
/// with the chosen distribution (a piece weighs its size) and reduce mode; laps "map", the
/// reduce phases and "number lines". The whole result on thread 0, nothing elsewhere.
std::optional<LineMatches> match_lines_engine(pgas::Context& me, const StringMatchInput& input,
                                              const EngineChoice& choice, JobTimer& timer);

}  // namespace pgasmr::apps::stringmatch
