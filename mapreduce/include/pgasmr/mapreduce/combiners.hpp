#pragma once
/// @file
/// Combiners fold the values of one key: at emit time inside a thread's container, and again
/// when apply_reduce merges the threads' pairs. Any callable `V(V, V)` works. A combiner must be
/// associative and commutative, and exact (integer arithmetic, min, max, ...), for results
/// that do not depend on the thread count, process count or distribution: which pairs meet in
/// which order changes with all three. (A floating-point sum is associative only up to rounding.)

#include <algorithm>
#include <concepts>
#include <limits>
#include <type_traits>

namespace pgasmr::mr {

/// a + b; identity V{}.
struct sum {
  template <class V>
  constexpr V operator()(const V& a, const V& b) const {
    return a + b;
  }
  template <class V>
  static constexpr V identity() {
    return V{};
  }
};

/// The smaller value; identity: the largest value of V.
struct min {
  template <class V>
  constexpr V operator()(const V& a, const V& b) const {
    return std::min(a, b);
  }
  template <class V>
  static constexpr V identity() {
    return std::numeric_limits<V>::max();
  }
};

/// The larger value; identity: the lowest value of V.
struct max {
  template <class V>
  constexpr V operator()(const V& a, const V& b) const {
    return std::max(a, b);
  }
  template <class V>
  static constexpr V identity() {
    return std::numeric_limits<V>::lowest();
  }
};

/// A callable that folds two values of V into one.
template <class C, class V>
concept combiner_for = std::copy_constructible<C> && std::is_invocable_r_v<V, const C&, const V&, const V&>;

/// A combiner that knows its identity for V (the value that changes nothing when folded in).
template <class C, class V>
concept has_identity = combiner_for<C, V> && requires {
  { C::template identity<V>() } -> std::convertible_to<V>;
};

}  // namespace pgasmr::mr
