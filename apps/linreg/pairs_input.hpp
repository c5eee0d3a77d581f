#pragma once
/// @file
/// Linear regression's input: a mapped file of (x, y) pairs, in blocks of points (the map's
/// input elements).

#include <algorithm>
#include <cstddef>

#include <pgasmr/datasets/mapped_file.hpp>
#include <pgasmr/datasets/pairs.hpp>

#include "common/options.hpp"

namespace pgasmr::apps::linreg {

/// Points per block: enough work per map call to hide its overhead, small enough for DYNAMIC
/// and the Phoenix-like queue to balance.
inline constexpr std::size_t points_per_block = 1 << 16;

struct PairsInput {
  datasets::MappedFile file;
  datasets::PairFormat format = datasets::PairFormat::float64;
  std::size_t points = 0;

  std::size_t blocks() const noexcept { return (points + points_per_block - 1) / points_per_block; }
  std::size_t block_begin(std::size_t block) const noexcept { return block * points_per_block; }
  std::size_t block_end(std::size_t block) const noexcept { return std::min(points, (block + 1) * points_per_block); }
};

/// The --format given (float64 when absent); usage_error for an unknown one.
datasets::PairFormat pair_format_of(const AppOptions& options);

/// Maps the PAIRS file (read in at once) in the --format given; throws datasets::input_error
/// for a missing, empty or unreadable file or one that is not a whole number of records, and
/// pair_format_of's usage_error.
PairsInput load_pairs(const AppOptions& options);

}  // namespace pgasmr::apps::linreg
