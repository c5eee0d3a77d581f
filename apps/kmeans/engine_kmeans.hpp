#pragma once
/// @file
/// k-means on the MapReduce engine, an iterative job: every round maps blocks of points into one
/// array container of per-cluster sums and counts plus a count of the points that changed
/// cluster (reused, cleared each round), reduces it to thread 0 with the chosen mode, and thread 0
/// broadcasts the new centroids and that count to every thread.

#include <optional>

#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "kmeans/clustering.hpp"
#include "kmeans/kmeans_input.hpp"

namespace pgasmr::apps::kmeans {

/// Collective: the clustering of `input` with the chosen distribution and reduce mode; laps "map",
/// the reduce phases and "broadcast" (summed over the rounds). The whole result on thread 0,
/// nothing elsewhere.
std::optional<Clustering> kmeans_engine(pgas::Context& me, const KmeansInput& input, const EngineChoice& choice,
                                        JobTimer& timer);

}  // namespace pgasmr::apps::kmeans
