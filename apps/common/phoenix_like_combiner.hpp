#pragma once
/// @file
/// Phoenix++'s combiners, for the Phoenix-like baselines' containers: what a key's emitted values
/// are combined into, and whether any was. Phoenix++ keeps the flag beside the value and sets it
/// at every emit, so an emit costs two stores; the baselines keep that cost.

namespace pgasmr::apps {

/// Phoenix++'s sum combiner: adds the values up.
template <class V>
struct SumCombiner {
  V value{};
  bool empty = true;

  void add(const V& v) {
    value += v;
    empty = false;
  }
};

/// Phoenix++'s one combiner: keeps the value emitted last (for keys emitted once).
template <class V>
struct OneCombiner {
  V value{};
  bool empty = true;

  void add(const V& v) {
    value = v;
    empty = false;
  }
};

/// A key and its reduced value, as a Phoenix++ reduce emits it.
template <class K, class V>
struct KeyValue {
  K key{};
  V value{};
};

}  // namespace pgasmr::apps
