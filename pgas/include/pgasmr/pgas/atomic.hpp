#pragma once
/// @file
/// Atomic operations on shared integers (as UPC 1.3's upc_atomic), safe between processes.

#include <concepts>
#include <cstdint>
#include <type_traits>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/global_ptr.hpp>

namespace pgasmr::pgas {

/// Shared integers that support atomics: 32- and 64-bit, signed or unsigned.
template <class T>
concept shared_atomic_value = std::integral<T> && !std::same_as<T, bool> && (sizeof(T) == 4 || sizeof(T) == 8);

namespace detail {
template <shared_atomic_value T>
T atomic_typed(Context& me, atomic_op op, global_ptr<T> target, T operand, T expected) {
  using U = std::make_unsigned_t<T>;
  auto old = atomic_bytes(me, op, sizeof(T), std::is_signed_v<T>, target.where(), target.offset(),
                          static_cast<U>(operand), static_cast<U>(expected));
  return static_cast<T>(static_cast<U>(old));
}
}  // namespace detail

template <shared_atomic_value T>
T atomic_load(Context& me, global_ptr<T> target) {
  return detail::atomic_typed(me, detail::atomic_op::load, target, T{}, T{});
}

template <shared_atomic_value T>
void atomic_store(Context& me, global_ptr<T> target, std::type_identity_t<T> value) {
  detail::atomic_typed(me, detail::atomic_op::store, target, value, T{});
}

/// Adds `value` and returns the previous value.
template <shared_atomic_value T>
T atomic_fetch_add(Context& me, global_ptr<T> target, std::type_identity_t<T> value) {
  return detail::atomic_typed(me, detail::atomic_op::fetch_add, target, value, T{});
}

/// Stores `desired` if the value equals `expected`; returns the previous value either way.
template <shared_atomic_value T>
T atomic_compare_exchange(Context& me, global_ptr<T> target, std::type_identity_t<T> expected,
                          std::type_identity_t<T> desired) {
  return detail::atomic_typed(me, detail::atomic_op::compare_exchange, target, desired, expected);
}

}  // namespace pgasmr::pgas
