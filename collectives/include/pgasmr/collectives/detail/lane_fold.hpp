#pragma once
/// @file
/// Folding a contiguous run of arithmetic elements with a built-in operator at memory speed: in
/// independent lanes, which the compiler keeps in vector registers, instead of one chain of
/// dependent steps (each waiting for the previous one's result).

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstring>
#include <iterator>
#include <type_traits>

#include <pgasmr/collectives/operators.hpp>

namespace pgasmr::coll::detail {

/// How a reduction may fold a run of T with Op in lanes.
enum class LaneFold {
  none,           ///< not at all: user operators, types that are not arithmetic (folded in order)
  exact,          ///< with the in-order fold's result, bit for bit
  reassociating,  ///< floating add and mult: each lane rounds on its own, so the result differs
};

template <class Op, class... Ops>
inline constexpr bool is_one_of = (std::same_as<Op, Ops> || ...);

template <class T, class Op>
constexpr LaneFold lane_fold_kind() {
  if constexpr (!std::is_arithmetic_v<T>) {
    return LaneFold::none;
  } else if constexpr (is_one_of<Op, op::add, op::mult>) {
    return std::is_floating_point_v<T> ? LaneFold::reassociating : LaneFold::exact;
  } else if constexpr (is_one_of<Op, op::min, op::max, op::bit_and, op::bit_or, op::bit_xor, op::logical_and,
                                 op::logical_or>) {
    return LaneFold::exact;
  } else {
    return LaneFold::none;
  }
}

/// Whether a fold may take floating add and mult's lane association (reduce, allreduce and
/// their _v forms) or must give the in-order result (prefix reductions, whose partial results
/// continue into running results that are in order).
enum class FloatOrder { lanes, in_order };

/// Lanes per block: 128 bytes of elements, enough independent accumulators to hide the latency
/// of a floating add with SSE2 (8 registers) or AVX (4). Fixed, not per instruction set, because
/// floating add and mult round per lane: every machine must give the same bits.
template <class T>
inline constexpr std::size_t lane_count = 128 / sizeof(T);

/// One step of a lane: the operator itself, but integer add and mult wrap in an unsigned type of
/// at least int's width: the same bits as op wherever op is defined, and defined where lanes
/// meet large partial results that op would overflow in int (int16 products, for one).
template <class T, class Op>
T lane_step(const Op& op, T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::same_as<T, bool> && is_one_of<Op, op::add, op::mult>) {
    using Wide = std::common_type_t<std::make_unsigned_t<T>, unsigned>;
    auto x = static_cast<Wide>(a), y = static_cast<Wide>(b);
    return static_cast<T>(std::same_as<Op, op::add> ? x + y : x * y);
  } else {
    return static_cast<T>(op(a, b));
  }
}

/// The fold of `count` (> 0) elements of T at `data` (any alignment) with a built-in operator
/// (lane_fold_kind is not none). A run shorter than lane_count<T> folds in order. A longer one
/// folds in L = lane_count<T> lanes: lane j folds elements j, j + L, j + 2L, ... in order, then
/// the lanes are folded in lane order. Only floating add and mult give another result than the
/// in-order fold (min and max: see below).
template <class T, class Op>
T fold_in_lanes(const std::byte* data, std::size_t count, const Op& op) {
  constexpr std::size_t lanes_n = lane_count<T>;
  auto element = [data](std::size_t i) {
    T x;
    std::memcpy(&x, data + i * sizeof(T), sizeof(T));
    return x;
  };
  if (count < lanes_n) {
    T acc = element(0);
    for (std::size_t i = 1; i < count; ++i) acc = lane_step(op, acc, element(i));
    return acc;
  }
  // min and max keep the first of the elements that compare equal and skip NaNs. Every lane
  // starts at element 0 (folding it twice changes nothing), so no lane's result is NaN unless
  // all of its elements and element 0 are.
  constexpr bool idempotent = is_one_of<Op, op::min, op::max>;
  T lanes[lanes_n];
  std::size_t i = 0;
  if constexpr (idempotent) {
    std::fill(std::begin(lanes), std::end(lanes), element(0));
  } else {
    std::memcpy(lanes, data, sizeof lanes);
    i = lanes_n;
  }
  for (; count - i >= lanes_n; i += lanes_n)
    for (std::size_t j = 0; j < lanes_n; ++j) lanes[j] = lane_step(op, lanes[j], element(i + j));
  for (std::size_t j = 0; i + j < count; ++j) lanes[j] = lane_step(op, lanes[j], element(i + j));
  T result = lanes[0];
  for (std::size_t j = 1; j < lanes_n; ++j) result = lane_step(op, result, lanes[j]);
  if constexpr (idempotent && std::is_floating_point_v<T>) {
    // The one tie whose elements differ in their bits: +0.0 and -0.0. In order, the first wins.
    if (result == T{})
      for (std::size_t k = 0; k < count; ++k)
        if (T x = element(k); x == T{}) return x;
    // Only NaNs: in order, the last one (its payload bits too).
    if (result != result) return element(count - 1);
  }
  return result;
}

}  // namespace pgasmr::coll::detail
