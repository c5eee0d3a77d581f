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

/// Phoenix++'s design on `threads` std::threads: workers take blocks of points from a shared
/// queue and add them into their own sums, which are then merged.
Regression regression_phoenix_like(const PairsInput& input, std::size_t threads);

}  // namespace pgasmr::apps::linreg
