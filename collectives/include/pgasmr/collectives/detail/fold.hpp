#pragma once
/// @file
/// Folding runs into partial results and exchanging them, for the typed reductions.

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <span>
#include <vector>

#include <pgasmr/collectives/detail/reduction.hpp>
#include <pgasmr/collectives/operators.hpp>

namespace pgasmr::coll::detail {

/// The fold of `count` input elements that start at position `key` of the input order.
template <class T>
struct Partial {
  std::size_t key;
  std::size_t count;
  T value;
};

template <class T>
T load(const std::byte* data, std::size_t i) {
  T value;
  std::memcpy(&value, data + i * sizeof(T), sizeof(T));
  return value;
}

/// One partial per run, or (commutative operators) one for all of the caller's runs.
template <class T, class Op>
std::vector<Partial<T>> fold_runs(std::span<const Run> runs, const Op& op, bool per_run) {
  std::vector<Partial<T>> partials;
  for (const auto& run : runs) {
    if (run.count == 0) continue;
    T acc = load<T>(run.data, 0);
    for (std::size_t i = 1; i < run.count; ++i) acc = static_cast<T>(op(acc, load<T>(run.data, i)));
    if (!per_run && !partials.empty()) {
      partials.back().value = static_cast<T>(op(partials.back().value, acc));
      partials.back().count += run.count;
    } else {
      partials.push_back({run.key, run.count, acc});
    }
  }
  return partials;
}

/// Every member's partials, in input order.
template <class T>
std::vector<Partial<T>> exchange_partials(pg::Context& me, const std::vector<Partial<T>>& mine, const Options& options) {
  std::vector<std::size_t> sizes;
  auto bytes = allgather_bytes(me, std::as_bytes(std::span(mine)), sizes, options);
  std::vector<Partial<T>> everyone(bytes.size() / sizeof(Partial<T>));
  std::memcpy(everyone.data(), bytes.data(), bytes.size());
  std::ranges::stable_sort(everyone, {}, &Partial<T>::key);
  return everyone;
}

}  // namespace pgasmr::coll::detail
