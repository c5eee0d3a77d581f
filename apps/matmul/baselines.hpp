#pragma once
/// @file
/// The two baselines the engine's matrix multiply is compared with.

#include <cstddef>

#include <pgasmr/datasets/integer_table.hpp>

namespace pgasmr::apps::matmul {

/// One thread, each entry a dot product of a row of A and a column of B (another loop order than
/// the other versions'): the reference that --verify compares with.
datasets::IntegerTable multiply_sequential(const datasets::IntegerTable& a, const datasets::IntegerTable& b);

/// Phoenix++'s matrix_multiply on `threads` std::threads: the splitter makes a split per row of
/// the product; map tasks from Phoenix++'s queue (phoenix_like_tasks.hpp) run its map, which
/// adds A(i,k) x row k of B into row i of the shared output for each k (rows are disjoint) and
/// emits nothing, so there is no reduce. It multiplies in Phoenix++'s `int` where every entry,
/// sum and offset fits one (exact there), else in 64-bit integers.
datasets::IntegerTable multiply_phoenix_like(const datasets::IntegerTable& a, const datasets::IntegerTable& b,
                                             std::size_t threads);

}  // namespace pgasmr::apps::matmul
