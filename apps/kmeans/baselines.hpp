#pragma once
/// @file
/// The sequential and Phoenix-like baselines the engine's k-means is compared with.

#include <cstddef>

#include "kmeans/clustering.hpp"
#include "kmeans/kmeans_input.hpp"

namespace pgasmr::apps::kmeans {

/// One thread, each point's cluster kept in an array: the reference that --verify compares with.
Clustering kmeans_sequential(const KmeansInput& input);

/// Phoenix++'s kmeans on `threads` std::threads. As its KmeansMR object, one job serves every
/// round: each point keeps its cluster (Phoenix++'s point::cluster), workers take tasks of
/// points from Phoenix++'s queue (phoenix_like_tasks.hpp) and map each (its distance to every
/// centroid, Phoenix++'s plain loop over the centroids' own arrays) into their own K sums and
/// counts (an array container of point combiners, fresh each round), then the clusters are
/// reduced in parallel, cluster c by worker c mod threads, which also moves its centroid. In
/// Phoenix++'s numbers (int coordinates and sums, unsigned int squared distances) where they
/// hold the input's every value exactly, else in 64-bit integers.
Clustering kmeans_phoenix_like(const KmeansInput& input, std::size_t threads);

}  // namespace pgasmr::apps::kmeans
