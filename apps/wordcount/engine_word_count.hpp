#pragma once
/// @file
/// Word count on the MapReduce engine: an element-by-element map over pieces of the text into a
/// case-insensitive hash container with a sum combiner, then a per-key reduce.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <pgasmr/datasets/mapped_file.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "wordcount/word_counts.hpp"

namespace pgasmr::apps::wordcount {

/// The mapped input file and its pieces (the map's input elements), made once per process.
struct TextInput {
  datasets::MappedFile file;
  std::vector<std::string_view> chunks;
};

/// Maps `path` (read in at once, so that no version pays for the first touch) and cuts it into
/// pieces for `total_threads` threads. Throws datasets::input_error for a missing file, a
/// directory or an unreadable file.
TextInput load_text(const std::filesystem::path& path, std::size_t total_threads);

/// Collective: counts the words of `chunks` (every thread passes the same pieces) with the
/// chosen distribution and reduce mode; laps "map" and the reduce phases. The whole result on
/// thread 0, nothing elsewhere.
std::optional<WordCounts> count_words_engine(pgas::Context& me, std::span<const std::string_view> chunks,
                                             const EngineChoice& choice, JobTimer& timer);

}  // namespace pgasmr::apps::wordcount
