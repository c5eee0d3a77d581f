#pragma once
/// @file
/// Phoenix++'s common array container, for the Phoenix-like baselines of jobs that emit each of
/// their keys 0 .. keys - 1 from one map call only: every worker emits straight into one shared
/// array of one combiners (no per-worker copies, no locks: no two calls touch the same key), and
/// reduce task r walks keys r, r + workers, r + 2 workers, ..., handing out those emitted.

#include <cstddef>
#include <vector>

#include "common/phoenix_like_combiner.hpp"
#include "common/phoenix_like_tasks.hpp"

namespace pgasmr::apps {

template <class V>
class PhoenixCommonArrayContainer {
 public:
  using Reduced = KeyValue<std::size_t, V>;

  explicit PhoenixCommonArrayContainer(std::size_t keys) : combiners_(keys) {}

  /// The combiner of `key`; the emit of (key, v) is container[key].add(v).
  OneCombiner<V>& operator[](std::size_t key) { return combiners_[key]; }

  /// The reduce phase on `workers` threads, after the map: each worker's list of (key, value)
  /// for the emitted keys of the tasks it took, by key within a task.
  std::vector<std::vector<Reduced>> reduce(std::size_t workers) const {
    return run_phoenix_reduce<Reduced>(workers, [&](std::size_t partition, std::vector<Reduced>& out) {
      for (std::size_t key = partition; key < combiners_.size(); key += workers)
        if (!combiners_[key].empty) out.push_back({key, combiners_[key].value});
    });
  }

 private:
  std::vector<OneCombiner<V>> combiners_;
};

}  // namespace pgasmr::apps
