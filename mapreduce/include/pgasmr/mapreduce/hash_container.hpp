#pragma once
/// @file
/// HashContainer: an open-addressing hash map (power-of-two table, linear probing) that folds
/// every emitted value into its key's slot at once. It allocates only when it grows, so a map
/// function can emit millions of pairs per second; with std::string_view keys that point into
/// the (mapped) input, a word count allocates nothing per word.

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/combiners.hpp>
#include <pgasmr/mapreduce/container.hpp>
#include <pgasmr/mapreduce/hash.hpp>

namespace pgasmr::mr {

/// Keys K folded with Combiner; `Hash` returns a std::uint64_t (any size_t-like hash works: the
/// table mixes it) and must agree with `Equal`: equal keys, equal hashes. For the by_key shuffle
/// the hash must also be the same in every process. When `Equal` is not plain equality (e.g.
/// case-insensitive words), the container keeps the least (by operator<) of the keys it sees as
/// equal, so that results name the same key in every configuration. K and V must be
/// default-constructible.
template <class K, class V, class Combiner = sum, class Hash = mr::hash<K>, class Equal = std::equal_to<K>>
  requires combiner_for<Combiner, V> && std::is_invocable_r_v<bool, const Equal&, const K&, const K&>
class HashContainer {
 public:
  using key_type = K;
  using mapped_type = V;
  using combiner_type = Combiner;
  using hasher = Hash;
  using key_equal = Equal;

  explicit HashContainer(std::size_t expected_keys = 0, Hash hash = {}, Equal equal = {}, Combiner combiner = {})
      : hash_(std::move(hash)), equal_(std::move(equal)), combiner_(std::move(combiner)) {
    reset_table(capacity_for(expected_keys));
  }

  /// Folds `value` into `key`'s value (inserts the pair if `key` is new).
  void emit(const K& key, const V& value) {
    auto tag = tag_of(key);
    for (auto i = index_of(tag);; i = (i + 1) & mask_) {
      Slot& slot = slots_[i];
      if (slot.tag == tag && equal_(slot.key, key)) {
        slot.value = combiner_(slot.value, value);
        keep_least_key(slot.key, key);
        return;
      }
      if (slot.tag == 0) {
        if (size_ >= grow_at_) {
          grow();
          insert_new(tag, K(key), V(value));
        } else {
          slot = Slot{tag, key, value};
          ++size_;
        }
        return;
      }
    }
  }

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }

  /// The value folded for `key`, or nullptr.
  const V* find(const K& key) const {
    auto tag = tag_of(key);
    for (auto i = index_of(tag);; i = (i + 1) & mask_) {
      const Slot& slot = slots_[i];
      if (slot.tag == tag && equal_(slot.key, key)) return &slot.value;
      if (slot.tag == 0) return nullptr;
    }
  }

  /// fn(key, value) for every pair, in table order (not deterministic: apply_reduce sorts).
  template <class Fn>
  void for_each(Fn&& fn) const {
    for (const Slot& slot : slots_)
      if (slot.tag != 0) fn(slot.key, slot.value);
  }

  /// Makes room for `keys` keys without growing again.
  void reserve(std::size_t keys) {
    while (capacity_for(keys) > slots_.size()) grow();
  }

  void clear() { reset_table(capacity_for(0)); }

  const Combiner& combiner() const noexcept { return combiner_; }
  const Hash& hash_function() const noexcept { return hash_; }
  const Equal& key_eq() const noexcept { return equal_; }

  /// An empty container with the same hash, equality and combiner.
  HashContainer empty_copy() const { return HashContainer(0, hash_, equal_, combiner_); }

  /// by_key sends `key` to this thread: a function of its hash only, so equal keys meet.
  int key_owner(const K& key, int threads) const { return hash_owner(static_cast<std::uint64_t>(hash_(key)), threads); }

 private:
  struct Slot {
    std::uint64_t tag = 0;  // the key's hash with bit 0 set; 0 when the slot is empty
    K key{};
    V value{};
  };

  /// At most 5/8 full: short probe runs, and a table of strings twice the key count.
  static std::size_t capacity_for(std::size_t keys) {
    std::size_t capacity = 16;
    while (capacity * 5 / 8 < keys) capacity *= 2;
    return capacity;
  }

  /// The key's hash with bit 0 set: never 0, the mark of an empty slot.
  std::uint64_t tag_of(const K& key) const { return static_cast<std::uint64_t>(hash_(key)) | 1; }

  /// Fibonacci hashing: the top bits of tag times 2^64/phi, so that weak hashes still spread.
  std::size_t index_of(std::uint64_t tag) const noexcept {
    return static_cast<std::size_t>((tag * 0x9E3779B97F4A7C15ULL) >> shift_);
  }

  /// An empty table of `capacity` (a power of two) slots.
  void reset_table(std::size_t capacity) {
    slots_.assign(capacity, Slot{});
    mask_ = capacity - 1;
    shift_ = 64 - static_cast<unsigned>(std::countr_zero(capacity));
    grow_at_ = capacity * 5 / 8;
    size_ = 0;
  }

  /// Doubles the table, moving every pair (their tags are kept: no key is hashed again).
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    reset_table(old.size() * 2);
    for (Slot& slot : old)
      if (slot.tag != 0) insert_new(slot.tag, std::move(slot.key), std::move(slot.value));
  }

  /// Inserts a key known to be absent.
  void insert_new(std::uint64_t tag, K&& key, V&& value) {
    auto i = index_of(tag);
    while (slots_[i].tag != 0) i = (i + 1) & mask_;
    slots_[i] = Slot{tag, std::move(key), std::move(value)};
    ++size_;
  }

  void keep_least_key(K& stored, const K& seen) const {
    if constexpr (!is_identity_equality<Equal> && std::totally_ordered<K>) {
      if (seen < stored) stored = seen;
    }
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  unsigned shift_ = 64;
  std::size_t grow_at_ = 0;
  std::size_t size_ = 0;
  [[no_unique_address]] Hash hash_;
  [[no_unique_address]] Equal equal_;
  [[no_unique_address]] Combiner combiner_;
};

}  // namespace pgasmr::mr
