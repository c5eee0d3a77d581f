#pragma once
/// @file
/// Linear regression on the MapReduce engine: an element-by-element map over blocks of points
/// that adds up each block's five sums on its own and emits them into an array container of exact
/// sums (mr::exact_sum), then the reduce.

#include <optional>

#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "linreg/pairs_input.hpp"
#include "linreg/regression.hpp"

namespace pgasmr::apps::linreg {

/// Collective: the regression of `input` with the chosen distribution (blocks weigh their point
/// count) and reduce mode; laps "map" and the reduce phases. The result on thread 0 only.
std::optional<Regression> regression_engine(pgas::Context& me, const PairsInput& input, const EngineChoice& choice,
                                            JobTimer& timer);

}  // namespace pgasmr::apps::linreg
