#pragma once
/// @file
/// Matrix multiply on the MapReduce engine. The elements are bands of rows_per_pass rows of the
/// product (the last one maybe shorter), each weighing its cost (its rows x A's columns x B's
/// columns multiply-adds). The map computes band k's rows with multiply_rows (each row of B read
/// once for the whole band) and emits them whole: key k, value the rows one after the other as a
/// std::vector (moved in; one memcpy on the wire), into a HashContainer whose combiner adds
/// values element by element (each band is emitted once, so it never has to add; it keeps the
/// container a plain sum). Per-band values rather than an ArrayContainer of every entry: a thread
/// then holds only the rows it computed, not a whole product-sized array, and the reduce moves
/// each row once.

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
