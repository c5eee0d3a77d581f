#pragma once
/// @file
/// The steps apply_reduce folds and collects pairs with, whatever brought them: a table folded
/// from pairs (received bytes, or other threads' containers read in place), and a table's pairs
/// as a Result.

#include <cstddef>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/container.hpp>
#include <pgasmr/mapreduce/detail/pair_streams.hpp>
#include <pgasmr/mapreduce/result.hpp>

namespace pgasmr::mr {

template <Container C>
using result_of_t = Result<typename C::key_type, typename C::mapped_type>;

namespace detail {

/// The pairs of `table` for which keep(key) holds, as a Result.
template <Container C, class Keep>
result_of_t<C> make_result(const C& table, Keep&& keep) {
  std::vector<KeyValue<typename C::key_type, typename C::mapped_type>> pairs;
  pairs.reserve(table.size());
  table.for_each([&](const auto& key, const auto& value) {
    if (keep(key)) pairs.push_back({key, value});
  });
  return result_of_t<C>(std::move(pairs));
}

template <Container C>
result_of_t<C> make_result(const C& table) {
  return make_result(table, [](const auto&) { return true; });
}

/// The pairs of a table no longer needed for which keep(key) holds: their values are moved
/// out rather than copied where the container allows it (HashContainer::extract_each).
template <Container C, class Keep>
  requires(!std::is_reference_v<C>)
result_of_t<C> make_result(C&& table, Keep&& keep) {
  if constexpr (requires { table.extract_each([](const auto&, auto&&) {}); }) {
    std::vector<KeyValue<typename C::key_type, typename C::mapped_type>> pairs;
    pairs.reserve(table.size());
    table.extract_each([&](const auto& key, auto&& value) {
      if (keep(key)) pairs.push_back({key, std::move(value)});
    });
    return result_of_t<C>(std::move(pairs));
  } else {
    return make_result(std::as_const(table), keep);
  }
}

template <Container C>
  requires(!std::is_reference_v<C>)
result_of_t<C> make_result(C&& table) {
  return make_result(std::move(table), [](const auto&) { return true; });
}

/// Folds into `table` every pair that for_each_pair(fn) passes to fn(key, value); a value
/// passed as an rvalue is moved in.
template <CombiningContainer C, class ForEachPair>
void fold_into(C& table, ForEachPair&& for_each_pair) {
  using K = typename C::key_type;
  using V = typename C::mapped_type;
  if constexpr (!std::is_trivially_copyable_v<V>) {
    // Values that own memory (rows of numbers, lists) are moved in where they can be.
    for_each_pair([&](const K& key, auto&& value) { table.emit(key, std::forward<decltype(value)>(value)); });
  } else if constexpr (requires(std::span<const KeyValue<K, V>> pairs) { table.emit_batch(pairs); }) {
    // In batches: the table prefetches the slots of a batch before probing.
    constexpr std::size_t batch_size = 32;
    std::vector<KeyValue<K, V>> batch;
    batch.reserve(batch_size);
    auto flush = [&] {
      table.emit_batch(std::span<const KeyValue<K, V>>(batch));
      batch.clear();
    };
    for_each_pair([&](const K& key, const V& value) {
      batch.push_back({key, value});
      if (batch.size() == batch_size) flush();
    });
    flush();
  } else {
    for_each_pair([&](const K& key, const V& value) { table.emit(key, value); });
  }
}

/// Makes room for `keys` keys where the container can: a table grown from empty moves every
/// key several times, and one far too large costs fresh pages to fill and to scan.
template <class C>
void reserve_keys(C& table, std::size_t keys) {
  if constexpr (requires { table.reserve(keys); }) table.reserve(keys);
}

/// A fresh copy of `like` with every pair in `bytes` folded in, with room for `expected_keys`
/// keys. Keep `bytes` alive as long as the copy: a container may store the decoded views
/// (HashContainer copies them, others need not).
template <CombiningContainer C>
C fold(const C& like, std::span<const std::byte> bytes, std::size_t expected_keys) {
  using K = typename C::key_type;
  using V = typename C::mapped_type;
  C table = like.empty_copy();
  reserve_keys(table, expected_keys);
  fold_into(table, [&](auto&& fn) { for_each_decoded<K, V>(bytes, fn); });
  return table;
}

}  // namespace detail
}  // namespace pgasmr::mr
