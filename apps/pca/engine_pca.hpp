#pragma once
/// @file
/// PCA on the MapReduce engine. Phoenix++ runs two jobs, one over the rows (their means) and
/// one over the pairs of rows (their covariances); computed exactly, the pairs need only their
/// sums of products, not the means, so one map does both: element g is tile g of the pairs
/// (PairTiles: up to 8 x 8 pairs, computed together), and a tile on the diagonal sums its rows
/// too. Row t's sum goes to key t and pair p's product sum to key R + p (pair_index), in an
/// array container of R + R(R+1)/2 keys with a sum combiner (8 bytes a key on every thread), and
/// the numerators are formed on thread 0.

#include <optional>

#include <pgasmr/datasets/integer_table.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "pca/covariance.hpp"

namespace pgasmr::apps::pca {

/// Collective: the statistics of `matrix` (checked by check_computable) with the chosen
/// distribution (tiles weighted by their cost: 2n for each of the 8 x 8 pair sums the kernel
/// computes, n for a row sum) and
/// reduce mode; laps "map" and the reduce phases. The whole result on thread 0, nothing elsewhere.
std::optional<PcaResult> pca_engine(pgas::Context& me, const datasets::IntegerTable& matrix, const EngineChoice& choice,
                                    JobTimer& timer);

}  // namespace pgasmr::apps::pca
