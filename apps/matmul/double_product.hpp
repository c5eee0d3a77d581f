#pragma once
/// @file
/// The exact integer product A B computed in double arithmetic, when that is exact: with K = A's
/// columns and K x max|A| x max|B| <= 2^53, every product and every partial sum of an entry is an
/// integer of at most 2^53 in magnitude, which a double holds exactly, in any order of the
/// additions. Doubles are what the vector units multiply fast (SSE2 has no 64-bit integer
/// multiply), so the engine takes this path whenever it is exact and multiply_rows otherwise.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <pgasmr/datasets/integer_table.hpp>

namespace pgasmr::apps::matmul {

/// Whether A B can be computed exactly in double arithmetic (the bound above).
bool exact_in_doubles(const datasets::IntegerTable& a, const datasets::IntegerTable& b);

/// B packed for a register-blocked kernel: in panels of `panel_columns` columns (the last one
/// padded with zeros), each panel row after row, so that one tile of the product streams one
/// contiguous panel. Built in two steps so that the threads of a process can share one: the
/// constructor makes room, pack() fills panels (every one of them before the first
/// multiply_rows, by one thread or a share each by several), then any number of threads read it.
class DoubleProduct {
 public:
  static constexpr std::size_t panel_columns = 8;
  static constexpr std::size_t tile_rows = 4;

  /// Room for B packed, not yet filled. `a` and `b` must outlive this object.
  /// Precondition: exact_in_doubles(a, b).
  DoubleProduct(const datasets::IntegerTable& a, const datasets::IntegerTable& b);

  std::size_t panels() const noexcept { return (b_.columns + panel_columns - 1) / panel_columns; }

  /// Packs panels [first, last) of B (last at most panels()).
  void pack(std::size_t first, std::size_t last) noexcept;

  /// Rows first, first + 1, ... of A B into `rows` (a whole number of rows of B's columns), exact.
  void multiply_rows(std::size_t first, std::span<std::int64_t> rows) const;

 private:
  const datasets::IntegerTable& a_;
  const datasets::IntegerTable& b_;
  std::unique_ptr<double[]> b_panels_;  // panel p, row k, column c at (p * K + k) * panel_columns + c
};

}  // namespace pgasmr::apps::matmul
