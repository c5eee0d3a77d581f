#pragma once
/// @file
/// The baselines the engine's reverse index is compared with.

#include <cstddef>

#include <pgasmr/datasets/text_input.hpp>

#include "revindex/link_index.hpp"

namespace pgasmr::apps::revindex {

/// One thread reading the files in order into one std::map: the reference that --verify
/// compares with.
LinkIndex reverse_index_sequential(const datasets::TextInput& input);

/// Phoenix++'s design on `threads` std::threads: workers take files from a shared queue and
/// add them to their own hash map from link to files; then each worker merges one hash
/// partition of all the maps (concatenating and sorting each link's files).
LinkIndex reverse_index_phoenix_like(const datasets::TextInput& input, std::size_t threads);

}  // namespace pgasmr::apps::revindex
