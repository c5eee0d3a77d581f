#pragma once
/// @file
/// Phoenix++'s hash container, for the Phoenix-like baselines whose keys are not known in
/// advance. Each map worker emits into a hash table of its own (PhoenixHashTable), hands it back
/// when its map tasks are done (add: its entries dealt into lists by partition, hash modulo the
/// worker count), and reduce task r adds up partition r's entries of every worker in a
/// std::unordered_map.

#include <cstddef>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/phoenix_like_combiner.hpp"
#include "common/phoenix_like_tasks.hpp"

namespace pgasmr::apps {

/// Phoenix++'s per-worker table: open addressing with linear probing over a power-of-two number
/// of slots (256 at first, doubled when half of them are taken), a slot holding a key and its
/// combiner, with the taken slots in a separate bitmap.
template <class K, class V, class Hash>
class PhoenixHashTable {
 public:
  PhoenixHashTable() { rehash(256); }

  /// The combiner of `key`, added (empty) if the key is new.
  SumCombiner<V>& operator[](const K& key) {
    std::size_t at = slot_of(key);
    if (taken_[at]) return slots_[at].second;
    if (++load_ >= slots_.size() / 2) {
      rehash(2 * slots_.size());
      at = slot_of(key);
    }
    slots_[at] = {key, SumCombiner<V>{}};
    taken_[at] = true;
    return slots_[at].second;
  }

  /// on_entry(key, combiner) for every key, in slot order.
  template <class OnEntry>
  void for_each(OnEntry&& on_entry) const {
    for (std::size_t at = 0; at < slots_.size(); ++at)
      if (taken_[at]) on_entry(slots_[at].first, slots_[at].second);
  }

 private:
  /// The slot holding `key`, or the free slot where it would go.
  std::size_t slot_of(const K& key) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t at = hash_(key) & mask;
    while (taken_[at] && !(slots_[at].first == key)) at = (at + 1) & mask;
    return at;
  }

  void rehash(std::size_t size) {
    PhoenixHashTable bigger(size);
    for_each([&](const K& key, const SumCombiner<V>& combiner) {
      const std::size_t at = bigger.slot_of(key);
      bigger.slots_[at] = {key, combiner};
      bigger.taken_[at] = true;
    });
    slots_ = std::move(bigger.slots_);
    taken_ = std::move(bigger.taken_);
  }

  explicit PhoenixHashTable(std::size_t size) : slots_(size), taken_(size, false) {}

  std::vector<std::pair<K, SumCombiner<V>>> slots_;
  std::vector<bool> taken_;
  std::size_t load_ = 0;  ///< keys held
  [[no_unique_address]] Hash hash_;
};

template <class K, class V, class Hash>
class PhoenixHashContainer {
 public:
  using Table = PhoenixHashTable<K, V, Hash>;
  using Reduced = KeyValue<K, V>;

  explicit PhoenixHashContainer(std::size_t workers) : workers_(workers), lists_(workers * workers) {}

  /// Takes back `worker`'s table after its map tasks (once per worker, any number at once).
  void add(std::size_t worker, const Table& emitted) {
    emitted.for_each([&](const K& key, const SumCombiner<V>& combiner) {
      if (!combiner.empty) lists_[(hash_(key) % workers_) * workers_ + worker].push_back({key, combiner.value});
    });
  }

  /// The reduce phase, after every worker's add: each worker's list of (key, sum of the key's
  /// values) for the partitions it took.
  std::vector<std::vector<Reduced>> reduce() const {
    return run_phoenix_reduce<Reduced>(workers_, [&](std::size_t partition, std::vector<Reduced>& out) {
      std::unordered_map<K, V, Hash> combined;
      for (std::size_t worker = 0; worker < workers_; ++worker)
        for (const auto& [key, value] : lists_[partition * workers_ + worker]) combined[key] += value;
      for (const auto& [key, value] : combined) out.push_back({key, value});
    });
  }

 private:
  std::size_t workers_;
  std::vector<std::vector<Reduced>> lists_;  ///< partition-major: partition p of worker w at p * workers + w
  [[no_unique_address]] Hash hash_;
};

}  // namespace pgasmr::apps
