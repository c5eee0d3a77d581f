#pragma once
// Small integer matrices for the PCA tests and an independent model of the result: the
// covariance numerators from the deviations n x(i,k) - sum(i), not from sums of products.

#include <cstdint>
#include <vector>

#include <pgasmr/datasets/integer_table.hpp>

#include "pca/covariance.hpp"

namespace pgasmr::apps::pca::test {

/// A rows x columns matrix of values in [-spread, spread] from a fixed linear congruential
/// sequence (deterministic, no generator library involved).
inline datasets::IntegerTable sample_matrix(std::size_t rows, std::size_t columns, std::int64_t spread,
                                            std::uint64_t seed = 1) {
  datasets::IntegerTable table{rows, columns, {}};
  std::uint64_t state = seed;
  for (std::size_t k = 0; k < rows * columns; ++k) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    table.values.push_back(static_cast<std::int64_t>((state >> 33) % static_cast<std::uint64_t>(2 * spread + 1)) - spread);
  }
  return table;
}

/// The sums of the rows, and the covariance numerators by pair_index: with d(i,k) = n x(i,k) -
/// sum(i), sum_k d(i,k) d(j,k) = n (n sum_k x(i,k) x(j,k) - sum(i) sum(j)).
struct ModelStatistics {
  std::vector<std::int64_t> row_sums;
  std::vector<std::int64_t> numerators;
};

inline ModelStatistics model_statistics(const datasets::IntegerTable& m) {
  const auto n = static_cast<std::int64_t>(m.columns);
  ModelStatistics model;
  for (std::size_t i = 0; i < m.rows; ++i) {
    std::int64_t sum = 0;
    for (auto x : m.row(i)) sum += x;
    model.row_sums.push_back(sum);
  }
  for (std::size_t i = 0; i < m.rows; ++i)
    for (std::size_t j = i; j < m.rows; ++j) {
      std::int64_t deviations = 0;
      for (std::size_t k = 0; k < m.columns; ++k)
        deviations += (n * m.row(i)[k] - model.row_sums[i]) * (n * m.row(j)[k] - model.row_sums[j]);
      model.numerators.push_back(deviations / n);
    }
  return model;
}

/// The numerators of a result, by pair_index.
inline std::vector<std::int64_t> numerators_of(const PcaResult& result) {
  std::vector<std::int64_t> numerators;
  for (std::size_t i = 0; i < result.rows; ++i)
    for (std::size_t j = i; j < result.rows; ++j) numerators.push_back(covariance_numerator(result, {i, j}));
  return numerators;
}

}  // namespace pgasmr::apps::pca::test
