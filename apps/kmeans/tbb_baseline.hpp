#pragma once
/// @file
/// What a C++ programmer would write instead of the engine: a oneTBB parallel_reduce per round.

#include <cstddef>

#include "kmeans/clustering.hpp"
#include "kmeans/kmeans_input.hpp"

namespace pgasmr::apps::kmeans {

/// Each round, tbb::parallel_reduce over ranges of points in an arena of `threads` threads: each
/// task assigns its points (each point keeps its cluster in an array) and adds them into its own
/// K x (D + 1) sums and changed count, joined by addition; then the centroids move.
Clustering kmeans_tbb(const KmeansInput& input, std::size_t threads);

}  // namespace pgasmr::apps::kmeans
