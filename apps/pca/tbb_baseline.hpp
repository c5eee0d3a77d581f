#pragma once
/// @file
/// What a C++ programmer would write instead of the engine: oneTBB's parallel_for.

#include <cstddef>

#include <pgasmr/datasets/integer_table.hpp>

#include "pca/covariance.hpp"

namespace pgasmr::apps::pca {

/// tbb::parallel_for over the rows, then over the tiles of pairs of rows (PairTiles), in an
/// arena of `threads` threads; every value has one slot of its own, so nothing needs combining.
PcaResult pca_tbb(const datasets::IntegerTable& matrix, std::size_t threads);

}  // namespace pgasmr::apps::pca
