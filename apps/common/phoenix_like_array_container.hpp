#pragma once
/// @file
/// Phoenix++'s array container, for the Phoenix-like baselines whose keys are 0 .. keys - 1. Each
/// map worker emits into an array of combiners of its own (get), hands it back when its map
/// tasks are done (add: copied key-major, the layout the reduce reads), and reduce task r adds
/// up keys r, r + workers, r + 2 workers, ... over the workers' non-empty combiners.

#include <cstddef>
#include <vector>

#include "common/phoenix_like_combiner.hpp"
#include "common/phoenix_like_tasks.hpp"

namespace pgasmr::apps {

template <class V>
class PhoenixArrayContainer {
 public:
  using Combiners = std::vector<SumCombiner<V>>;
  using Reduced = KeyValue<std::size_t, V>;

  PhoenixArrayContainer(std::size_t keys, std::size_t workers)
      : keys_(keys), workers_(workers), combiners_(keys * workers) {}

  /// A map worker's array of `keys` empty combiners; the emit of (key, v) is get()[key].add(v).
  Combiners get() const { return Combiners(keys_); }

  /// Takes back `worker`'s array after its map tasks (once per worker, any number at once).
  void add(std::size_t worker, const Combiners& emitted) {
    for (std::size_t key = 0; key < keys_; ++key) combiners_[key * workers_ + worker] = emitted[key];
  }

  /// The reduce phase, after every worker's add: each worker's list of (key, sum of the key's
  /// values) for the keys of the tasks it took that received a value, by key within a task.
  std::vector<std::vector<Reduced>> reduce() const {
    return run_phoenix_reduce<Reduced>(workers_, [&](std::size_t partition, std::vector<Reduced>& out) {
      for (std::size_t key = partition; key < keys_; key += workers_) {
        V total{};
        bool any = false;
        for (std::size_t worker = 0; worker < workers_; ++worker) {
          const auto& combiner = combiners_[key * workers_ + worker];
          if (combiner.empty) continue;
          total += combiner.value;
          any = true;
        }
        if (any) out.push_back({key, total});
      }
    });
  }

 private:
  std::size_t keys_;
  std::size_t workers_;
  std::vector<SumCombiner<V>> combiners_;  ///< key-major: key k of worker w at k * workers + w
};

}  // namespace pgasmr::apps
