#pragma once
/// @file
/// PCA on the MapReduce engine. Phoenix++ runs two jobs, one over the rows (their means) and
/// one over the pairs of rows (their covariances); computed exactly, the pairs need only their
/// sums of products, not the means, so both become the elements of one map: element t < R
/// sums row t, element R + g the products of the pairs of group g (PairGroups: up to four pairs
/// of one row, computed together). Row t's sum goes to key t and pair p's product sum to key
/// R + p (pair_index), in an array container of R + R(R+1)/2 keys with a sum combiner (8 bytes a
/// key on every thread), and the numerators are formed on thread 0.

#include <optional>

#include <pgasmr/datasets/integer_table.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "pca/covariance.hpp"

namespace pgasmr::apps::pca {

/// Collective: the statistics of `matrix` (checked by check_computable) with the chosen
/// distribution (elements weighted by their cost: n for a row sum, 2n for a product sum) and
/// reduce mode; laps "map" and the reduce phases. The whole result on thread 0, nothing elsewhere.
std::optional<PcaResult> pca_engine(pgas::Context& me, const datasets::IntegerTable& matrix, const EngineChoice& choice,
                                    JobTimer& timer);

}  // namespace pgasmr::apps::pca
