#pragma once
/// @file
/// ListContainer: the thesis's plain list of intermediate pairs, kept as emitted (no combiner).
/// Reduce it with a combiner given to apply_reduce, or with an array-based user reduce. Pairs
/// are stored as given: std::string_view keys or values must outlive the container (point them
/// into the input, not into temporaries).

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/container.hpp>

namespace pgasmr::mr {

template <class K, class V>
class ListContainer {
 public:
  using key_type = K;
  using mapped_type = V;

  ListContainer() = default;
  explicit ListContainer(std::size_t expected_pairs) { pairs_.reserve(expected_pairs); }

  void emit(const K& key, const V& value) { pairs_.push_back({key, value}); }

  std::size_t size() const noexcept { return pairs_.size(); }
  bool empty() const noexcept { return pairs_.empty(); }
  /// Every pair in emission order.
  std::span<const KeyValue<K, V>> pairs() const noexcept { return pairs_; }

  template <class Fn>
  void for_each(Fn&& fn) const {
    for (const auto& pair : pairs_) fn(pair.key, pair.value);
  }

  void clear() noexcept { pairs_.clear(); }

 private:
  std::vector<KeyValue<K, V>> pairs_;
};

}  // namespace pgasmr::mr
