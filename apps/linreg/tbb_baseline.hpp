#pragma once
/// @file
/// What a C++ programmer would write instead of the engine: oneTBB's parallel_reduce.

#include <cstddef>

#include "linreg/pairs_input.hpp"
#include "linreg/regression.hpp"

namespace pgasmr::apps::linreg {

/// tbb::parallel_reduce over the points in an arena of `threads` threads, each task adding into
/// its own exact sums, joined by merging them.
Regression regression_tbb(const PairsInput& input, std::size_t threads);

}  // namespace pgasmr::apps::linreg
