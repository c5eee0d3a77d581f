#pragma once
// Matrices for the matrix multiply tests: the hand-computed product of data/README.md and
// deterministic sample matrices.

#include <cstdint>
#include <vector>

#include <pgasmr/datasets/integer_table.hpp>

namespace pgasmr::apps::matmul::test {

inline datasets::IntegerTable hand_a() { return {2, 3, {1, -2, 3, 0, 4, -1}}; }
inline datasets::IntegerTable hand_b() { return {3, 2, {2, 1, -1, 0, 5, -3}}; }
inline datasets::IntegerTable hand_product() { return {2, 2, {19, -8, -9, 3}}; }

inline bool equal(const datasets::IntegerTable& x, const datasets::IntegerTable& y) {
  return x.rows == y.rows && x.columns == y.columns && x.values == y.values;
}

/// A rows x columns matrix of values in [-spread, spread] from a fixed linear congruential
/// sequence.
inline datasets::IntegerTable sample_matrix(std::size_t rows, std::size_t columns, std::int64_t spread,
                                            std::uint64_t seed) {
  datasets::IntegerTable m{rows, columns, {}};
  std::uint64_t state = seed;
  for (std::size_t k = 0; k < rows * columns; ++k) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    m.values.push_back(static_cast<std::int64_t>((state >> 33) % static_cast<std::uint64_t>(2 * spread + 1)) - spread);
  }
  return m;
}

}  // namespace pgasmr::apps::matmul::test
