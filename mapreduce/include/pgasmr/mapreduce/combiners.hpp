#pragma once
/// @file
/// Combiners fold the values of one key: at emit time inside a thread's container, and again
/// when apply_reduce merges the threads' pairs. Any callable `V(V, V)` works. A combiner must be
/// associative and commutative, and exact (integer arithmetic, min, max, ...), for results
/// that do not depend on the thread count, process count or distribution: which pairs meet in
/// which order changes with all three. (A floating-point sum is associative only up to rounding:
/// sum doubles with exact_sum.)

#include <concepts>
#include <limits>
#include <type_traits>

#include <pgasmr/collectives/operators.hpp>

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

/// The smaller value, NaNs skipped as coll::op::min skips them (std::min would keep a NaN that
/// comes first, and so depend on which pairs meet first); identity: the largest value of V.
struct min {
  template <class V>
  constexpr V operator()(const V& a, const V& b) const {
    return coll::op::min{}(a, b);
  }
  template <class V>
  static constexpr V identity() {
    return std::numeric_limits<V>::max();
  }
};

/// The larger value, NaNs skipped (as min); identity: the lowest value of V.
struct max {
  template <class V>
  constexpr V operator()(const V& a, const V& b) const {
    return coll::op::max{}(a, b);
  }
  template <class V>
  static constexpr V identity() {
    return std::numeric_limits<V>::lowest();
  }
};

/// The correctly rounded exact sum of doubles (the collectives' op::exact_sum): values are
/// coll::ExactSum accumulators, into which map functions emit doubles (`out.emit(key, x)`,
/// folded in place), and apply_reduce merges them exactly. Every key's `value.value()` is then
/// the same bits whatever the thread count, process count, distribution and reduce mode.
using exact_sum = coll::op::exact_sum;

/// A callable that folds two values of V into one.
template <class C, class V>
concept combiner_for = std::copy_constructible<C> && std::is_invocable_r_v<V, const C&, const V&, const V&>;

/// A combiner that knows its identity for V (the value that changes nothing when folded in).
template <class C, class V>
concept has_identity = combiner_for<C, V> && requires {
  { C::template identity<V>() } -> std::convertible_to<V>;
};

/// A combiner that folds an input of another type straight into a value (exact_sum: a double
/// into an ExactSum), so that containers of V take emits of In without building a V for each:
/// `combiner.accumulate(value, input)`; a new key starts from the combiner's identity.
template <class C, class V, class In>
concept accumulates_into = has_identity<C, V> && !std::same_as<In, V> && requires(const C& c, V& value, const In& input) {
  c.accumulate(value, input);
};

}  // namespace pgasmr::mr
