#pragma once
/// @file
/// The two baselines the engine's PCA is compared with.

#include <cstddef>

#include <pgasmr/datasets/integer_table.hpp>

#include "pca/covariance.hpp"

namespace pgasmr::apps::pca {

/// One thread, row by row and pair by pair: the reference that --verify compares with.
PcaResult pca_sequential(const datasets::IntegerTable& matrix);

/// Phoenix++'s design on `threads` std::threads, its two jobs one after the other: the rows,
/// then the pairs of rows, one per split from a shared queue, each worker summing into its own
/// array container; then reduce tasks over ranges of keys add the workers' arrays up.
PcaResult pca_phoenix_like(const datasets::IntegerTable& matrix, std::size_t threads);

}  // namespace pgasmr::apps::pca
