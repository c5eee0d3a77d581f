#pragma once
/// @file
/// The two baselines the engine's matrix multiply is compared with.

#include <cstddef>

#include <pgasmr/datasets/integer_table.hpp>

namespace pgasmr::apps::matmul {

/// One thread, each entry a dot product of a row of A and a column of B (another loop order than
/// the other versions'): the reference that --verify compares with.
datasets::IntegerTable multiply_sequential(const datasets::IntegerTable& a, const datasets::IntegerTable& b);

/// Phoenix++'s design on `threads` std::threads: one split per row of the product from a shared
/// queue; as in Phoenix++'s matrix_multiply, the map writes its row straight into the shared
/// output (rows are disjoint) and emits nothing, so there is no reduce.
datasets::IntegerTable multiply_phoenix_like(const datasets::IntegerTable& a, const datasets::IntegerTable& b,
                                             std::size_t threads);

}  // namespace pgasmr::apps::matmul
