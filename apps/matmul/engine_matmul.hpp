#pragma once
/// @file
/// Matrix multiply on the MapReduce engine. The elements are bands of band_rows rows of the
/// product (the last one maybe shorter), each weighing its cost (its rows x A's columns x B's
/// columns multiply-adds). The map computes a band's rows in double arithmetic when that is exact
/// (DoubleProduct: register tiles, vectorized), otherwise with multiply_rows in 64-bit integers,
/// and emits them whole: key k, value the rows one after the other as a std::vector (moved in;
/// one memcpy on the wire), into a HashContainer whose combiner adds values element by element
/// (each band is emitted once, so it never has to add; it keeps the container a plain sum).
/// Per-band values rather than an ArrayContainer of every entry: a thread then holds only the
/// rows it computed, not a whole product-sized array, and the reduce moves each row once.

#include <cstdint>
#include <optional>
#include <vector>

#include <pgasmr/datasets/integer_table.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"

namespace pgasmr::apps::matmul {

/// Rows per band: 16 rows share each panel of B while it is in the cache, and a 600-row product
/// still makes 38 bands for the distributions to balance.
inline constexpr std::size_t band_rows = 16;

/// Element-by-element sum of two rows of equal length; an empty row is the identity.
struct add_rows {
  std::vector<std::int64_t> operator()(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b) const;
};

/// Collective: A B (checked by check_factors) with the chosen distribution and reduce mode;
/// laps "map", the reduce phases and "assemble" (thread 0 copies the bands into the product).
/// The whole product on thread 0, nothing elsewhere.
std::optional<datasets::IntegerTable> multiply_engine(pgas::Context& me, const datasets::IntegerTable& a,
                                                      const datasets::IntegerTable& b, const EngineChoice& choice,
                                                      JobTimer& timer);

}  // namespace pgasmr::apps::matmul
