#pragma once
/// @file
/// apply_reduce among threads that share one address space (a job of one process): every
/// thread splits its pairs by owner where they lie, each owner folds its share of every
/// thread's pairs, and the threads that receive the result merge the owners' sorted parts. Nothing is encoded, sent
/// or decoded, where the pairs' paths have every thread encode its table and, under `all`,
/// decode and fold every other thread's (word count at 2 threads: reduce 31-45 -> 17-21 ms).

#include <cstddef>
#include <cstdint>
#include <exception>
#include <iterator>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/container.hpp>
#include <pgasmr/mapreduce/detail/folding.hpp>
#include <pgasmr/mapreduce/reduce_mode.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::mr::detail {

/// Where the threads of the process post their addresses for addresses_of_all.
struct AddressBoard {
  std::vector<std::uintptr_t> of_thread;
};

/// The address of every thread's `mine`, in thread order. Collective. Posted on a board the
/// threads share rather than allgathered: a collective's plan lists every copy among the
/// members, so T threads planning a T x T allgather held memory of the order of T^3 (word count
/// on a 1-byte file: 595 MB at 200 threads, killed for want of memory at 1000).
template <class T>
std::vector<const T*> addresses_of_all(pgas::Context& me, const T& mine) {
  auto& world = me.world();
  auto& board = world.extension<AddressBoard>().of_thread;
  const auto threads = static_cast<std::size_t>(me.threads());
  // The board is resized while nobody reads it: every thread has copied the last call's out.
  world.local_step([&] { board.resize(threads); });
  board[static_cast<std::size_t>(me.thread())] = reinterpret_cast<std::uintptr_t>(&mine);
  world.local_step({});  // every address posted
  std::vector<const T*> all(threads);
  for (std::size_t i = 0; i < threads; ++i) all[i] = reinterpret_cast<const T*>(board[i]);
  return all;
}

/// step(), then a barrier that this thread reaches even when step throws (rethrown after it):
/// the others may be reading what this thread's frames own, and unwinding would free it.
template <class Step>
auto then_barrier(pgas::Context& me, Step&& step) {
  std::optional<decltype(step())> value;
  std::exception_ptr failure;
  try {
    value.emplace(step());
  } catch (...) {
    failure = std::current_exception();
  }
  me.barrier();
  if (failure) std::rethrow_exception(failure);
  return std::move(*value);
}

/// A pair where it lies in a thread's container: the key and value copied when small, else by
/// address (valid while the container does not change; a container's for_each passes such a
/// key or value by reference into its storage).
template <class K, class V>
class PairInPlace {
 public:
  template <class KeyArg, class ValueArg>
  PairInPlace(KeyArg&& key, ValueArg&& value) : key_(hold<K>(key)), value_(hold<V>(value)) {
    static_assert(copied<K> || in_storage<K, KeyArg>, "a large key must be passed by reference");
    static_assert(copied<V> || in_storage<V, ValueArg>, "a large value must be passed by reference");
  }
  const K& key() const noexcept { return held<K>(key_); }
  const V& value() const noexcept { return held<V>(value_); }

 private:
  template <class T>
  static constexpr bool copied = std::is_trivially_copyable_v<T> && sizeof(T) <= 16;
  template <class T>
  using Held = std::conditional_t<copied<T>, T, const T*>;
  template <class T, class Arg>  // no temporary made: its address is the stored object's
  static constexpr bool in_storage = std::is_lvalue_reference_v<Arg> && std::is_same_v<std::remove_cvref_t<Arg>, T>;

  template <class T>
  static Held<T> hold(const T& x) noexcept {
    if constexpr (copied<T>) return x;
    else return &x;
  }
  template <class T>
  static const T& held(const Held<T>& x) noexcept {
    if constexpr (copied<T>) return x;
    else return *x;
  }

  Held<K> key_;
  Held<V> value_;
};

/// The container's pairs split by the thread that owns their keys: one pass over its own table,
/// so that each owner then reads only its share of every thread's pairs (reading every thread's
/// whole table would cost each of T threads T tables).
template <CombiningContainer C>
auto split_by_owner(const C& container, int threads) {
  using Pair = PairInPlace<typename C::key_type, typename C::mapped_type>;
  const auto owners = static_cast<std::size_t>(threads);
  std::vector<std::vector<Pair>> runs(owners);
  for (auto& run : runs) run.reserve(container.size() / owners * 5 / 4 + 16);  // a share and a margin
  container.for_each([&](auto&& key, auto&& value) {
    auto& run = runs[static_cast<std::size_t>(container.key_owner(key, threads))];
    run.emplace_back(std::forward<decltype(key)>(key), std::forward<decltype(value)>(value));
  });
  return runs;
}

/// by_key followed by `final_gather` (all and root(t) are by_key then gathered to all or to t:
/// the same keys and values, folded in the same thread order). Collective; every thread of the
/// job must be in this process. The containers may change once it returns.
template <CombiningContainer C>
result_of_t<C> reduce_in_process(pgas::Context& me, const C& container, FinalGather final_gather) {
  const auto threads = me.threads();
  const auto runs = split_by_owner(container, threads);
  auto every_threads_runs = addresses_of_all(me, runs);
  auto part = then_barrier(me, [&] {
    C mine = container.empty_copy();
    const bool holds_every_key = mine.size() != 0;  // a dense container: some keys are not this thread's
    reserve_keys(mine, container.size() / static_cast<std::size_t>(threads));  // about its share
    for (const auto* theirs : every_threads_runs)
      fold_into(mine, [&](auto&& fn) {
        for (const auto& pair : (*theirs)[static_cast<std::size_t>(me.thread())]) fn(pair.key(), pair.value());
      });
    return make_result(std::move(mine), [&](const auto& key) {
      return !holds_every_key || container.key_owner(key, threads) == me.thread();
    });
  });
  if (final_gather.kind == FinalGather::Kind::none) return part;
  auto parts = addresses_of_all(me, part);
  if (final_gather.kind == FinalGather::Kind::root && me.thread() != final_gather.root) {
    me.barrier();  // the root's: it copies this thread's part
    return {};
  }
  auto gather = [&](const result_of_t<C>* skipped) {  // the parts' pairs, but skipped's, copied
    std::size_t total = 0;
    for (const auto* p : parts) total += p->size();
    std::vector<typename result_of_t<C>::entry_type> pairs;
    pairs.reserve(total);
    for (const auto* p : parts)
      if (p != skipped) pairs.insert(pairs.end(), p->begin(), p->end());
    return pairs;
  };
  if constexpr (requires { std::move(part).release(); }) {
    // This thread's own part is moved in, not copied, once nobody reads it (past the barrier).
    auto pairs = then_barrier(me, [&] { return gather(&part); });
    auto own = std::move(part).release();
    pairs.insert(pairs.end(), std::make_move_iterator(own.begin()), std::make_move_iterator(own.end()));
    return result_of_t<C>(std::move(pairs));  // merges the owners' runs
  } else {
    // Views: the Result copies their bytes before the barrier, while the other parts hold them.
    return then_barrier(me, [&] { return result_of_t<C>(gather(nullptr)); });
  }
}

}  // namespace pgasmr::mr::detail
