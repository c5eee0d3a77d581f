#pragma once
/// @file
/// HashContainer: an open-addressing hash map (power-of-two table, linear probing) that folds
/// every emitted value into its key's slot at once. It allocates only when it grows or meets a
/// new key, so a map function can emit tens of millions of pairs per second; with
/// std::string_view keys (e.g. words of the input) it copies only the bytes of each distinct
/// key: up to 15 in the slot, longer keys into an arena of its own.

#include <algorithm>
#include <atomic>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/combiners.hpp>
#include <pgasmr/mapreduce/container.hpp>
#include <pgasmr/mapreduce/detail/byte_arena.hpp>
#include <pgasmr/mapreduce/detail/stored_text.hpp>
#include <pgasmr/mapreduce/detail/table_allocator.hpp>
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

  /// Copies re-store their long string_view keys in their own arena.
  HashContainer(const HashContainer& other)
      : slots_(other.slots_), multiplier_(other.multiplier_), mask_(other.mask_), shift_(other.shift_), grow_at_(other.grow_at_),
        size_(other.size_),
        hash_(other.hash_), equal_(other.equal_), combiner_(other.combiner_) {
    if constexpr (stores_views)
      for (Slot& slot : slots_)
        if (slot.tag != 0) slot.key = owned(key_of(slot.key));
  }
  /// The moved-from container is left empty (it may be used again).
  HashContainer(HashContainer&& other) noexcept
      : slots_(std::move(other.slots_)), multiplier_(other.multiplier_), mask_(other.mask_), shift_(other.shift_),
        grow_at_(other.grow_at_),
        size_(std::exchange(other.size_, 0)), hash_(std::move(other.hash_)), equal_(std::move(other.equal_)),
        combiner_(std::move(other.combiner_)), arena_(std::move(other.arena_)) {
    other.slots_.clear();
  }
  HashContainer& operator=(const HashContainer& other) {
    if (this != &other) *this = HashContainer(other);
    return *this;
  }
  HashContainer& operator=(HashContainer&& other) noexcept {
    if (this == &other) return *this;
    slots_ = std::move(other.slots_);
    other.slots_.clear();
    multiplier_ = other.multiplier_;
    mask_ = other.mask_;
    shift_ = other.shift_;
    grow_at_ = other.grow_at_;
    size_ = std::exchange(other.size_, 0);
    hash_ = std::move(other.hash_);
    equal_ = std::move(other.equal_);
    combiner_ = std::move(other.combiner_);
    arena_ = std::move(other.arena_);
    return *this;
  }
  ~HashContainer() = default;

  /// Folds `value` into `key`'s value (inserts the pair if `key` is new).
  void emit(const K& key, const V& value) { emit_tagged(tag_of(key), key, value); }
  /// The same, moving `value` in when `key` is new (a row of numbers is then not copied).
  void emit(const K& key, V&& value) { emit_tagged(tag_of(key), key, std::move(value)); }

  /// Folds an input of another type into `key`'s value in place (a double into exact_sum's
  /// ExactSum); a new key starts from the combiner's identity.
  template <class In>
    requires accumulates_into<Combiner, V, In>
  void emit(const K& key, const In& input) {
    emit_tagged(tag_of(key), key, input);
  }

  /// emit(keys[i], value) for every key, faster for large tables: the slots of the whole batch
  /// are fetched from memory together, while the keys are hashed. (A word count emits the words
  /// of a text chunk 64 at a time.)
  void emit_batch(std::span<const K> keys, const V& value) {
    emit_batches(keys.size(), [&](std::size_t i) -> const K& { return keys[i]; }, [&](std::size_t) -> const V& { return value; });
  }

  /// emit(pair.key, pair.value) for every pair, as emit_batch.
  void emit_batch(std::span<const KeyValue<K, V>> pairs) {
    emit_batches(pairs.size(), [&](std::size_t i) -> const K& { return pairs[i].key; },
                 [&](std::size_t i) -> const V& { return pairs[i].value; });
  }

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }

  /// The value folded for `key`, or nullptr.
  const V* find(const K& key) const {
    if (slots_.empty()) return nullptr;
    auto tag = tag_of(key);
    for (auto i = index_of(tag);; i = (i + 1) & mask_) {
      const Slot& slot = slots_[i];
      if (slot.tag == tag && equal_(key_of(slot.key), key)) return &slot.value;
      if (slot.tag == 0) return nullptr;
    }
  }

  /// fn(key, value) for every pair, in table order (not deterministic: apply_reduce sorts).
  /// string_view keys stay valid until the container next changes.
  template <class Fn>
  void for_each(Fn&& fn) const {
    for (const Slot& slot : slots_)
      if (slot.tag != 0) fn(key_of(slot.key), slot.value);
  }

  /// fn(key, std::move(value)) for every pair, in table order: for a container about to be
  /// discarded, whose values fn may take over (apply_reduce's result then copies no rows).
  template <class Fn>
  void extract_each(Fn&& fn) {
    for (Slot& slot : slots_)
      if (slot.tag != 0) fn(key_of(std::as_const(slot.key)), std::move(slot.value));
  }

  /// Makes room for `keys` keys without growing again.
  void reserve(std::size_t keys) {
    if (slots_.empty()) reset_table(capacity_for(0));
    while (capacity_for(keys) > slots_.size()) grow();
  }

  /// Removes every pair but keeps the table at its size, so that the next round of an iterative
  /// job, emitting about the same keys, does not grow it again. (The key bytes of string_view
  /// keys are released.)
  void clear() {
    reset_table(slots_.empty() ? capacity_for(0) : slots_.size());  // empty: moved from
    arena_.clear();
  }

  const Combiner& combiner() const noexcept { return combiner_; }
  const Hash& hash_function() const noexcept { return hash_; }
  const Equal& key_eq() const noexcept { return equal_; }

  /// An empty container with the same hash, equality and combiner.
  HashContainer empty_copy() const { return HashContainer(0, hash_, equal_, combiner_); }

  /// by_key sends `key` to this thread: a function of its hash only, so equal keys meet.
  int key_owner(const K& key, int threads) const { return hash_owner(static_cast<std::uint64_t>(hash_(key)), threads); }

 private:
  static constexpr bool stores_views = std::is_same_v<K, std::string_view>;
  using StoredKey = std::conditional_t<stores_views, detail::StoredText, K>;

  struct Slot {
    std::uint64_t tag = 0;  // the key's hash with bit 0 set; 0 when the slot is empty
    StoredKey key{};
    V value{};
  };

  /// The key a slot holds: a view of a StoredText (by value), a reference to any other key.
  static decltype(auto) key_of(const StoredKey& stored) noexcept {
    if constexpr (stores_views) return stored.view();
    else return (stored);
  }

  /// Emits n pairs in batches: hash a batch and prefetch its home slots, then probe. A key found
  /// in its home slot, the common case, is folded right there; the rest take the general path.
  /// (A second pass prefetching the stored keys' bytes of string_view keys cost more than it
  /// saved: word count's map on a 200 MiB corpus took 10% longer with it.)
  template <class KeyAt, class ValueAt>
  void emit_batches(std::size_t n, KeyAt key_at, ValueAt value_at) {
    constexpr std::size_t batch = 64;  // word count's engine 1-3% faster than with 32; 128 no better
    std::uint64_t tags[batch];
    Slot* homes[batch];
    Probe probes[batch];
    if (slots_.empty()) reset_table(capacity_for(0));
    for (std::size_t first = 0; first < n; first += batch) {
      auto count = std::min(batch, n - first);
      // Locals: the compiler need not reload them after every store into a slot.
      Slot* table = slots_.data();
      const std::uint64_t multiplier = multiplier_;
      const unsigned shift = shift_;
      for (std::size_t i = 0; i < count; ++i) {
        probes[i] = probe_of(key_at(first + i));
        tags[i] = tag_of(key_at(first + i), probes[i]);
        homes[i] = table + home_index(tags[i], multiplier, shift);
        __builtin_prefetch(homes[i]);
      }
      for (std::size_t i = 0; i < count; ++i) {
        Slot& home = *homes[i];
        const K& key = key_at(first + i);
        if (home.tag == tags[i] && matches(home.key, key, probes[i])) [[likely]] {
          home.value = combiner_(home.value, value_at(first + i));
          continue;
        }
        emit_tagged(tags[i], key, value_at(first + i));
        if (slots_.data() != table) {  // the table grew: the rest of the batch has new homes
          table = slots_.data();
          for (std::size_t j = i + 1; j < count; ++j) homes[j] = table + index_of(tags[j]);
        }
      }
    }
  }

  /// `value` is a V, or an input the combiner accumulates into one.
  template <class U>
  void emit_tagged(std::uint64_t tag, const K& key, U&& value) {
    if (slots_.empty()) [[unlikely]] reset_table(capacity_for(0));  // moved from
    for (auto i = index_of(tag);; i = (i + 1) & mask_) {
      Slot& slot = slots_[i];
      if (slot.tag == tag && matches(slot.key, key)) {
        fold_into(slot.value, value);
        return;
      }
      if (slot.tag == 0) {
        if (size_ >= grow_at_) {
          grow();
          insert_new(tag, owned(key), first_value(std::forward<U>(value)));
        } else {
          slot = Slot{tag, owned(key), first_value(std::forward<U>(value))};
          ++size_;
        }
        return;
      }
    }
  }

  template <class U>
  void fold_into(V& stored, const U& value) {
    if constexpr (std::is_same_v<U, V>) stored = combiner_(stored, value);
    else combiner_.accumulate(stored, value);
  }

  /// A new key's value: the value emitted, or the input accumulated into the identity.
  template <class U>
  V first_value(U&& value) {
    if constexpr (std::is_same_v<std::remove_cvref_t<U>, V>) {
      return std::forward<U>(value);
    } else {
      V first = Combiner::template identity<V>();
      combiner_.accumulate(first, value);
      return first;
    }
  }

  /// At most 5/8 full: short probe runs, and a table of strings twice the key count.
  static std::size_t capacity_for(std::size_t keys) {
    std::size_t capacity = 16;
    while (capacity * 5 / 8 < keys) capacity *= 2;
    return capacity;
  }

  /// The key's hash with bit 0 set: never 0, the mark of an empty slot.
  std::uint64_t tag_of(const K& key) const { return static_cast<std::uint64_t>(hash_(key)) | 1; }

  /// What a batch works out once per key to compare it with stored keys: a text key's ShortText.
  struct NoProbe {};
  using Probe = std::conditional_t<stores_views, detail::ShortText, NoProbe>;
  static Probe probe_of(const K& key) noexcept {
    if constexpr (stores_views) return detail::short_text(key);
    else return {};
  }

  /// tag_of(key); a text key's default hash comes from its ShortText, with no second read.
  std::uint64_t tag_of(const K& key, const Probe& probe) const {
    if constexpr (stores_views && std::is_same_v<Hash, mr::hash<K>>) return detail::hash_text(key, probe) | 1;
    else return tag_of(key);
  }

  /// Multiplicative hashing: the top bits of tag times an odd constant, so that weak hashes
  /// still spread. The constant differs between containers: with one constant for all, copying
  /// a container into a smaller one (as the reduce folds every thread's pairs into a fresh
  /// table) would insert keys in ascending slot order, and linear probing would pile them into
  /// one ever-longer run (quadratic time).
  std::size_t index_of(std::uint64_t tag) const noexcept { return home_index(tag, multiplier_, shift_); }
  static std::size_t home_index(std::uint64_t tag, std::uint64_t multiplier, unsigned shift) noexcept {
    return static_cast<std::size_t>((tag * multiplier) >> shift);
  }

  static std::uint64_t next_multiplier() noexcept {
    static std::atomic<std::uint64_t> containers{0};
    return mix64(containers.fetch_add(1, std::memory_order_relaxed) + 0x9E3779B97F4A7C15ULL) | 1;
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
    auto old = std::move(slots_);
    reset_table(old.size() * 2);
    for (Slot& slot : old)
      if (slot.tag != 0) insert_new(slot.tag, std::move(slot.key), std::move(slot.value));
  }

  /// Inserts a key known to be absent.
  void insert_new(std::uint64_t tag, StoredKey&& key, V&& value) {
    auto i = index_of(tag);
    while (slots_[i].tag != 0) i = (i + 1) & mask_;
    slots_[i] = Slot{tag, std::move(key), std::move(value)};
    ++size_;
  }

  /// Whether `seen` is the key `stored` (whose hash it has). When Equal is not plain
  /// equality, a lesser spelling of the key replaces the stored one. Views are compared as
  /// stored first (detail::StoredText::holds): most hits repeat the stored spelling exactly.
  bool matches(StoredKey& stored, const K& seen) { return matches(stored, seen, probe_of(seen)); }
  bool matches(StoredKey& stored, const K& seen, const Probe& probe) {
    if constexpr (stores_views) {
      if (stored.holds(seen, probe)) return true;
      if constexpr (is_identity_equality<Equal>) return false;
    }
    if (!equal_(key_of(stored), seen)) return false;
    if constexpr (!is_identity_equality<Equal> && std::totally_ordered<K>) {
      if (seen < key_of(stored)) stored = owned(seen);
    }
    return true;
  }

  /// The key as stored: string_view keys get a copy of their bytes (detail::StoredText), so
  /// they need not outlive the map call that emitted them, and lookups compare against the
  /// slot or compact memory instead of bytes scattered over the whole input.
  StoredKey owned(const K& key) {
    if constexpr (stores_views) return detail::StoredText(key, arena_);
    else return key;
  }

  std::vector<Slot, detail::TableAllocator<Slot>> slots_;  // huge pages when large
  std::uint64_t multiplier_ = next_multiplier();
  std::size_t mask_ = 0;
  unsigned shift_ = 64;
  std::size_t grow_at_ = 0;
  std::size_t size_ = 0;
  [[no_unique_address]] Hash hash_;
  [[no_unique_address]] Equal equal_;
  [[no_unique_address]] Combiner combiner_;
  detail::ByteArena arena_;  // the long keys of StoredTexts; unused unless stores_views
};

}  // namespace pgasmr::mr
