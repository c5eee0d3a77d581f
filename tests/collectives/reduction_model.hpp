#pragma once
// A sequential model of the reductions (reduce.hpp, prefix_reduce.hpp, reduce_scatter.hpp),
// written from their doc comments: the input is one sequence (a shared view in index order, or
// the members' private spans one after another in member order; for the _v reductions the
// concatenation of the chunks, in chunk order), and every result is a left fold
// of it in that order, so any associative operator gives exactly one right answer whether or not
// it commutes. The test picks values whose folds are exact (integers, powers of two, modular
// arithmetic), so a library that combines commutative operators in another order must still
// match bit for bit.

#include <cstddef>
#include <optional>
#include <vector>

namespace pgasmr::test::rmodel {

/// in[0] op in[1] op ... op in[n-1], left to right; nullopt for an empty input.
template <class T, class Op>
std::optional<T> fold(const std::vector<T>& in, const Op& op) {
  if (in.empty()) return std::nullopt;
  T acc = in[0];
  for (std::size_t i = 1; i < in.size(); ++i) acc = static_cast<T>(op(acc, in[i]));
  return acc;
}

/// out[i] = in[0] op ... op in[i].
template <class T, class Op>
std::vector<T> inclusive_scan(const std::vector<T>& in, const Op& op) {
  std::vector<T> out;
  for (std::size_t i = 0; i < in.size(); ++i) out.push_back(i == 0 ? in[0] : static_cast<T>(op(out.back(), in[i])));
  return out;
}

/// out[0] = identity, out[i] = in[0] op ... op in[i - 1].
template <class T, class Op>
std::vector<T> exclusive_scan(const std::vector<T>& in, const Op& op, const T& identity) {
  std::vector<T> out;
  for (std::size_t i = 0; i < in.size(); ++i) out.push_back(i == 0 ? identity : i == 1 ? in[0] : static_cast<T>(op(out.back(), in[i - 1])));
  return out;
}

/// reduce_scatter: `sources[q]` is member q's source of n blocks of `count`; member r receives,
/// element by element, block r of members 0, 1, ..., n-1 folded in that order.
template <class T, class Op>
std::vector<std::vector<T>> reduce_scatter(const std::vector<std::vector<T>>& sources, std::size_t count, const Op& op) {
  auto n = sources.size();
  std::vector<std::vector<T>> out(n);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t i = 0; i < count; ++i) {
      std::vector<T> column;
      for (std::size_t q = 0; q < n; ++q) column.push_back(sources[q][r * count + i]);
      out[r].push_back(*fold(column, op));
    }
  return out;
}

/// minloc / maxloc on (value, index) pairs, by scanning: the extreme value, and among the
/// elements that hold it the smallest index.
template <class V>
std::optional<V> extreme(const std::vector<V>& in, bool smallest) {
  if (in.empty()) return std::nullopt;
  auto best = in[0];
  for (const auto& x : in) {
    bool better = smallest ? x.value < best.value : best.value < x.value;
    bool tie = !(x.value < best.value) && !(best.value < x.value);
    if (better || (tie && x.index < best.index)) best = x;
  }
  return best;
}

}  // namespace pgasmr::test::rmodel
