#pragma once
/// @file
/// Matrix multiply on the MapReduce engine. The elements are the rows of the product, each
/// weighing its cost (A's columns x B's columns multiply-adds, the same for every row). The map
/// computes row i of A B and emits it whole: key i, value the row as a std::vector (one memcpy
/// on the wire), into a HashContainer whose combiner adds rows element by element (each row is
/// emitted once, so it never has to add; it keeps the container a plain sum). Per-row values
/// rather than an ArrayContainer of every entry: a thread then holds only the rows it computed,
/// not a whole product-sized array, and the reduce moves each row once.

#include <cstdint>
#include <optional>
#include <vector>

#include <pgasmr/datasets/integer_table.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"

namespace pgasmr::apps::matmul {

/// Element-by-element sum of two rows of equal length; an empty row is the identity.
struct add_rows {
  std::vector<std::int64_t> operator()(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b) const;
};

/// Collective: A B (checked by check_factors) with the chosen distribution and reduce mode;
/// laps "map" and the reduce phases. The whole product on thread 0, nothing elsewhere.
std::optional<datasets::IntegerTable> multiply_engine(pgas::Context& me, const datasets::IntegerTable& a,
                                                      const datasets::IntegerTable& b, const EngineChoice& choice,
                                                      JobTimer& timer);

}  // namespace pgasmr::apps::matmul
