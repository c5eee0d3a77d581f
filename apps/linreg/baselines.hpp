#pragma once
/// @file
/// The baselines the engine's linear regression is compared with.

#include <cstddef>

#include "linreg/pairs_input.hpp"
#include "linreg/regression.hpp"

namespace pgasmr::apps::linreg {

/// One thread, one pass, each point added on its own (Sums::add): the reference that --verify
/// compares with.
Regression regression_sequential(const PairsInput& input);

/// Phoenix++'s linear regression on `threads` std::threads: the map's elements are the points, in
/// tasks from Phoenix++'s queue (phoenix_like_tasks.hpp), emitting into the worker's array
/// container of five sum combiners (one per sum); the reduce adds each sum up over the workers.
/// Phoenix format: as Phoenix++, the map of a point emits x*x, y*y, x*y, x and y as 64-bit
/// integers, which are exact. float64 (which Phoenix++ does not read): a task adds its points
/// into exact sums of its own and emits them once.
Regression regression_phoenix_like(const PairsInput& input, std::size_t threads);

}  // namespace pgasmr::apps::linreg
