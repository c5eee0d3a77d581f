#pragma once
/// @file
/// What apply_map writes into and apply_reduce reads from: a thread's private container of
/// intermediate key/value pairs (seed 000, §4.2: "each thread keeps its own sublist of
/// intermediate elements stored in the private memory space").

#include <concepts>
#include <cstddef>
#include <cstdint>

#include <pgasmr/mapreduce/hash.hpp>

namespace pgasmr::mr {

/// One intermediate or final pair.
template <class K, class V>
struct KeyValue {
  K key;
  V value;
  friend bool operator==(const KeyValue&, const KeyValue&) = default;
};

namespace detail {
/// Stands for the callable a container's for_each receives.
template <class K, class V>
struct PairVisitor {
  void operator()(const K&, const V&) const {}
};
}  // namespace detail

/// What pairs can be read from: `size` and `for_each(fn(key, value))` (every container, and
/// a Result).
template <class C>
concept PairSource = requires(const C& cc) {
  { cc.size() } -> std::convertible_to<std::size_t>;
  cc.for_each(detail::PairVisitor<typename C::key_type, typename C::mapped_type>{});
};

/// Every container: a PairSource that map functions `emit` into.
template <class C>
concept Container = PairSource<C> && requires(C& c, const typename C::key_type& k, const typename C::mapped_type& v) {
  c.emit(k, v);
};

/// A container that folds repeated keys with a combiner as they are emitted (ArrayContainer,
/// HashContainer). apply_reduce merges the threads' pairs in `empty_copy()`s of it, and the
/// by_key shuffle sends key k to thread `key_owner(k, THREADS)`.
template <class C>
concept CombiningContainer = Container<C> && requires(const C& c, const typename C::key_type& k) {
  typename C::combiner_type;
  { c.empty_copy() } -> std::same_as<C>;
  { c.key_owner(k, 1) } -> std::same_as<int>;
};

/// A container an iterative job reuses from round to round: clear() empties it (a dense
/// container: every key back at the identity) and keeps its storage. ArrayContainer,
/// HashContainer and ListContainer are.
template <class C>
concept ReusableContainer = Container<C> && requires(C& c) { c.clear(); };

/// Maps a key's hash to one of `threads` threads: mixed first, since user hashes (FNV, ...) may
/// be weak in some bits, then scaled (Lemire's multiply-shift range reduction).
constexpr int hash_owner(std::uint64_t hash, int threads) noexcept {
  return static_cast<int>(((mix64(hash) >> 32) * static_cast<std::uint64_t>(threads)) >> 32);
}

}  // namespace pgasmr::mr
