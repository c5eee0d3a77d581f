#pragma once
/// @file
/// ArrayContainer: a dense array of values for small integer key ranges (a histogram's 768
/// counters). Emitting is one bounds check and one fold: no hashing, no allocation.

#include <algorithm>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/combiners.hpp>
#include <pgasmr/mapreduce/container.hpp>

namespace pgasmr::mr {

/// Keys are the integers [0, key_count). Every key always holds a value, starting at the
/// combiner's identity (0 for sum), so a reduce reports every key, emitted or not. The initial
/// value must be an identity of the combiner: each thread starts from it, and the reduce folds
/// the threads' arrays together.
template <class V, class Combiner = sum>
  requires combiner_for<Combiner, V>
class ArrayContainer {
 public:
  using key_type = std::size_t;
  using mapped_type = V;
  using combiner_type = Combiner;

  /// key_count keys starting at the combiner's identity.
  explicit ArrayContainer(std::size_t key_count, Combiner combiner = {})
    requires has_identity<Combiner, V>
      : ArrayContainer(key_count, Combiner::template identity<V>(), std::move(combiner)) {}

  /// key_count keys starting at `identity` (for combiners that do not know theirs).
  ArrayContainer(std::size_t key_count, V identity, Combiner combiner = {})
      : values_(key_count, identity), identity_(std::move(identity)), combiner_(std::move(combiner)) {}

  /// Folds `value` into key `key`; throws std::out_of_range for a key >= key_count().
  void emit(std::size_t key, const V& value) {
    if (key >= values_.size()) throw_out_of_range(key);
    values_[key] = combiner_(values_[key], value);
  }

  /// Folds an input of another type into key `key`'s value in place (a double into exact_sum's
  /// ExactSum); throws std::out_of_range as above.
  template <class In>
    requires accumulates_into<Combiner, V, In>
  void emit(std::size_t key, const In& input) {
    if (key >= values_.size()) throw_out_of_range(key);
    combiner_.accumulate(values_[key], input);
  }

  std::size_t key_count() const noexcept { return values_.size(); }
  std::size_t size() const noexcept { return values_.size(); }
  /// The value of every key, indexed by key.
  std::span<const V> values() const noexcept { return values_; }
  const V& operator[](std::size_t key) const { return values_.at(key); }

  /// fn(key, value) for every key in ascending order.
  template <class Fn>
  void for_each(Fn&& fn) const {
    for (std::size_t k = 0; k < values_.size(); ++k) fn(k, values_[k]);
  }

  /// Every key back at the identity, keeping the array: an iterative job clears its container
  /// before each round's map instead of building a new one.
  void clear() { std::ranges::fill(values_, identity_); }

  const Combiner& combiner() const noexcept { return combiner_; }
  /// The same keys, all back at the identity.
  ArrayContainer empty_copy() const { return ArrayContainer(values_.size(), identity_, combiner_); }

  /// by_key gives each thread a contiguous range of keys (BLOCK over the key space).
  int key_owner(std::size_t key, int threads) const noexcept {
    return static_cast<int>(key * static_cast<std::size_t>(threads) / values_.size());
  }

 private:
  [[noreturn]] void throw_out_of_range(std::size_t key) const {
    throw std::out_of_range("mapreduce ArrayContainer: key " + std::to_string(key) + " is outside [0, " +
                            std::to_string(values_.size()) + ")");
  }

  std::vector<V> values_;
  V identity_;
  Combiner combiner_;
};

}  // namespace pgasmr::mr
