#pragma once
/// @file
/// Reduction operators: UPC's UPC_ADD ... UPC_MAX as values, minloc/maxloc, the exact sum of
/// doubles, and any callable. pgasmr always combines in input order (element order, then member
/// order), so any associative callable works, commutative or not (UPC_FUNC and
/// UPC_NONCOMM_FUNC alike). Operators that declare themselves commutative may be combined
/// early, per thread (min and max on floating types are not: is_commutative). The operators add
/// ... max fold arithmetic elements in vector lanes (detail/lane_fold.hpp): the in-order result
/// but for floating add and mult, which round per lane (deterministically; docs/collectives.md).

#include <concepts>
#include <cstddef>
#include <limits>
#include <type_traits>

#include <pgasmr/collectives/exact_sum.hpp>

namespace pgasmr::coll {

namespace op {

#define PGASMR_COLL_OPERATOR(name, expression, identity_value)            \
  struct name {                                                            \
    static constexpr bool commutative = true;                              \
    template <class T>                                                     \
    constexpr T operator()(const T& a, const T& b) const {                 \
      return static_cast<T>(expression);                                   \
    }                                                                      \
    template <class T>                                                     \
    static constexpr T identity() {                                        \
      return static_cast<T>(identity_value);                               \
    }                                                                      \
  };

PGASMR_COLL_OPERATOR(add, a + b, 0)                                           // UPC_ADD
PGASMR_COLL_OPERATOR(mult, a * b, 1)                                          // UPC_MULT
PGASMR_COLL_OPERATOR(bit_and, a & b, ~T{})                                    // UPC_AND
PGASMR_COLL_OPERATOR(bit_or, a | b, 0)                                        // UPC_OR
PGASMR_COLL_OPERATOR(bit_xor, a ^ b, 0)                                       // UPC_XOR
PGASMR_COLL_OPERATOR(logical_and, a && b, 1)                                  // UPC_LOGAND
PGASMR_COLL_OPERATOR(logical_or, a || b, 0)                                   // UPC_LOGOR
#undef PGASMR_COLL_OPERATOR

// UPC_MIN and UPC_MAX: of equal elements the first (so of +0.0 and -0.0 the first one). A NaN
// is skipped (as std::fmin does): only a fold of NaNs alone gives NaN, the last one. That keeps
// them associative, so a fold split among members, lanes or runs in any way gives the in-order
// result; with `b < a ? b : a` alone, a NaN that began a member's part would stick in that
// part's result and hide the part's other elements.
#define PGASMR_COLL_ORDERING_OPERATOR(name, b_goes_first, identity_value)     \
  struct name {                                                            \
    /* Of +0.0 and -0.0 the first one wins: floating elements do not commute. */ \
    template <class T>                                                     \
    static constexpr bool commutative_on = !std::is_floating_point_v<T>;   \
    template <class T>                                                     \
    constexpr T operator()(const T& a, const T& b) const {                 \
      if constexpr (std::is_floating_point_v<T>)                           \
        if (a != a) return b;                                              \
      return b_goes_first ? b : a;                                         \
    }                                                                      \
    template <class T>                                                     \
    static constexpr T identity() {                                        \
      return identity_value;                                               \
    }                                                                      \
  };

PGASMR_COLL_ORDERING_OPERATOR(min, b < a, std::numeric_limits<T>::max())      // UPC_MIN
PGASMR_COLL_ORDERING_OPERATOR(max, a < b, std::numeric_limits<T>::lowest())   // UPC_MAX
#undef PGASMR_COLL_ORDERING_OPERATOR

/// A value and where it came from, for minloc / maxloc.
template <class T, class Index = std::size_t>
struct value_index {
  T value;
  Index index;
  friend bool operator==(const value_index&, const value_index&) = default;
};

/// The smallest value; on a tie, the smallest index (MPI_MINLOC).
struct minloc {
  static constexpr bool commutative = true;
  template <class V>
  constexpr V operator()(const V& a, const V& b) const {
    if (b.value < a.value || (!(a.value < b.value) && b.index < a.index)) return b;
    return a;
  }
};

/// The largest value; on a tie, the smallest index (MPI_MAXLOC).
struct maxloc {
  static constexpr bool commutative = true;
  template <class V>
  constexpr V operator()(const V& a, const V& b) const {
    if (a.value < b.value || (!(b.value < a.value) && b.index < a.index)) return b;
    return a;
  }
};

/// The exact sum of doubles, correctly rounded (see ExactSum): the same bits for every thread
/// count, process count and input split. On double elements it is an accumulating operator: the
/// reduction folds them into ExactSum accumulators, partial results travel as accumulators and
/// the result is rounded once. On ExactSum elements (sums that threads accumulated themselves)
/// it merges them.
struct exact_sum {
  static constexpr bool commutative = true;
  using accumulator = ExactSum;
  ExactSum operator()(ExactSum a, const ExactSum& b) const noexcept { return a += b; }
  static void accumulate(ExactSum& sum, std::same_as<double> auto term) noexcept { sum.add(term); }
  static double result(const ExactSum& sum) noexcept { return sum.value(); }
  /// +0.0 for doubles, the empty sum for ExactSum (the exclusive scan's first element).
  template <class T>
  static T identity() {
    return T{};
  }
};

}  // namespace op

/// Wraps a user callable that is commutative, so that pgasmr may combine it early.
template <class F>
struct commutative_op {
  static constexpr bool commutative = true;
  F function;
  template <class T>
  constexpr T operator()(const T& a, const T& b) const {
    return function(a, b);
  }
};
template <class F>
commutative_op<F> commutative(F function) {
  return {function};
}

/// Whether an operator declared itself commutative (plain callables: no) on elements of T: for
/// every T (`Op::commutative`) or for some (`Op::commutative_on<T>`, min and max).
template <class Op, class T>
constexpr bool is_commutative() {
  if constexpr (requires { Op::template commutative_on<T>; })
    return Op::template commutative_on<T>;
  else if constexpr (requires { Op::commutative; })
    return Op::commutative;
  else
    return false;
}

/// An operator that folds T into an accumulator of its own type and gives a T only at the end
/// (op::exact_sum on doubles): `Op::accumulator` is trivially copyable (partial results travel
/// as its bytes) and value-initialises to the fold of nothing; `op.accumulate(acc, x)` folds an
/// element in, `op(acc, acc)` merges two accumulators (associative), `op.result(acc)` is the T.
template <class Op, class T>
concept accumulating_reduction_for =
    std::copy_constructible<Op> && requires { typename Op::accumulator; } &&
    !std::same_as<T, typename Op::accumulator> && std::is_trivially_copyable_v<typename Op::accumulator> &&
    std::default_initializable<typename Op::accumulator> &&
    requires(const Op& op, typename Op::accumulator& acc, const T& x) {
      op.accumulate(acc, x);
      { op(acc, acc) } -> std::convertible_to<typename Op::accumulator>;
      { op.result(acc) } -> std::convertible_to<T>;
    };

/// An operator usable on T: op(T, T) gives something convertible to T, or an accumulating one.
template <class Op, class T>
concept reduction_for = (std::copy_constructible<Op> && requires(const Op& op, const T& a) {
  { op(a, a) } -> std::convertible_to<T>;
}) || accumulating_reduction_for<Op, T>;

/// An operator with an identity element (needed by the exclusive scan).
template <class Op, class T>
concept with_identity = reduction_for<Op, T> && requires { { Op::template identity<T>() } -> std::convertible_to<T>; };

}  // namespace pgasmr::coll
