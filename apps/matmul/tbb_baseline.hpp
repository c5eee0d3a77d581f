#pragma once
/// @file
/// What a C++ programmer would write instead of the engine: oneTBB's parallel_for.

#include <cstddef>

#include <pgasmr/datasets/integer_table.hpp>

namespace pgasmr::apps::matmul {

/// tbb::parallel_for over the rows of the product in an arena of `threads` threads, each range
/// of rows written in place by multiply_rows.
datasets::IntegerTable multiply_tbb(const datasets::IntegerTable& a, const datasets::IntegerTable& b, std::size_t threads);

}  // namespace pgasmr::apps::matmul
