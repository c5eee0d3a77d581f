#pragma once
/// @file
/// apply_reduce: brings the threads' intermediate pairs where the reduce mode says and reduces
/// them (UPC-MR's ApplyReduce). Two forms:
///  - per key: the values of each key are folded with a combiner; returns Result<K, V>;
///  - array-based (the thesis's reducefunc): one call fn(keys, values) per thread over all the
///    pairs the thread holds after the communication; returns what fn returns.
/// Collective: every thread calls it with the same mode and transfer. Throws
/// std::invalid_argument (on every thread alike) for a root that is not a thread of the job, and
/// for ArrayContainers of different key counts.

#include <algorithm>
#include <cstddef>
#include <functional>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/container.hpp>
#include <pgasmr/mapreduce/detail/byte_transfer.hpp>
#include <pgasmr/mapreduce/detail/dense_reduce.hpp>
#include <pgasmr/mapreduce/detail/folding.hpp>
#include <pgasmr/mapreduce/detail/in_process_reduce.hpp>
#include <pgasmr/mapreduce/detail/pair_streams.hpp>
#include <pgasmr/mapreduce/hash.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>
#include <pgasmr/mapreduce/list_container.hpp>
#include <pgasmr/mapreduce/reduce_mode.hpp>
#include <pgasmr/mapreduce/result.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::mr {

namespace detail {

/// Pairs and the received bytes their views may point into.
template <class K, class V>
struct ReceivedPairs {
  std::vector<std::byte> bytes;
  std::vector<KeyValue<K, V>> pairs;
};

template <class K, class V>
ReceivedPairs<K, V> decoded(std::vector<std::byte> bytes) {
  ReceivedPairs<K, V> received{std::move(bytes), {}};
  for_each_decoded<K, V>(received.bytes,
                         [&](K&& key, V&& value) { received.pairs.push_back({std::move(key), std::move(value)}); });
  return received;
}

/// Where the communication of `mode` leaves the stream `out`: the bytes this thread receives.
inline std::vector<std::byte> gather_for(pgas::Context& me, Outgoing out, FinalGather::Kind kind, pgas::thread_id root,
                                         Transfer transfer) {
  if (kind == FinalGather::Kind::all) return allgather_bytes(me, out, transfer);
  return gather_bytes(me, out, root, transfer);
}

/// by_key: each key goes to its owner thread, which folds what every thread sends it (local
/// combining already shrank every thread's part, so each key crosses the network once per
/// thread); then, as `then` says, the owners' parts are gathered.
template <CombiningContainer C>
result_of_t<C> reduce_by_key(pgas::Context& me, const C& container, FinalGather then, Transfer transfer) {
  auto threads = me.threads();
  auto owner = [&](const auto& key) { return container.key_owner(key, threads); };
  auto shuffled = encode_partitioned(container, owner, threads, transfer);
  auto shuffled_in = exchange_bytes(me, shuffled.outgoing(), shuffled.per_destination, transfer);
  // An owner gets about its share of this thread's keys (more when the threads' keys differ).
  auto mine = fold(container, shuffled_in, container.size() / static_cast<std::size_t>(threads));
  // A dense container holds every key; only the owned ones are this thread's result.
  auto owned = [&](const auto& key) { return owner(key) == me.thread(); };
  auto part = make_result(std::move(mine), owned);  // sorted by key, on every owner at once
  if (then.kind == FinalGather::Kind::none) return part;
  // The owners' keys are disjoint: what they send is one sorted run each, in thread order, which
  // the receivers merge (Result's constructor) instead of folding into a table and sorting.
  auto received = gather_for(me, encode_pairs(part, transfer).outgoing(), then.kind, then.root, transfer);
  if (then.kind == FinalGather::Kind::root && me.thread() != then.root) return {};
  auto runs = decoded<typename C::key_type, typename C::mapped_type>(std::move(received));
  return result_of_t<C>(std::move(runs.pairs));  // copies the views' bytes out of runs.bytes
}

}  // namespace detail

/// Per-key reduce with the container's own combiner. The result on each thread:
///   no_comm  its own pairs;                 all      every key, on every thread;
///   root(t)  every key on t, nothing else;  by_key   the keys it owns (disjoint over threads),
///   by_key(then_gather_all / then_gather_root(t)) every key, on every thread / on t.
template <CombiningContainer C>
result_of_t<C> apply_reduce(pgas::Context& me, const C& container, const ReduceMode& mode,
                            Transfer transfer = Transfer::collective) {
  validate(mode, me);
  // A job of one thread: every mode's result is that thread's pairs, with no stream to write and read.
  if (me.threads() == 1) return detail::make_result(container);
  if constexpr (requires { container.key_count(); })
    if (mode.kind != ReduceMode::Kind::no_comm) detail::check_key_counts(me, container.key_count());
  if constexpr (detail::dense_reducible<C>) {
    // Dense integer arrays fold element by element in the collectives: no pairs to encode.
    const bool gathered = mode.kind == ReduceMode::Kind::all || mode.kind == ReduceMode::Kind::root;
    if (gathered && transfer == Transfer::collective) {
      const bool to_all = mode.kind == ReduceMode::Kind::all;
      auto values = detail::reduce_dense(me, container, to_all, to_all ? 0 : mode.root);
      if (!to_all && me.thread() != mode.root) return {};
      std::vector<KeyValue<std::size_t, typename C::mapped_type>> pairs(values.size());
      for (std::size_t key = 0; key < values.size(); ++key) pairs[key] = {key, values[key]};
      return result_of_t<C>(std::move(pairs));
    }
  }
  if (mode.kind == ReduceMode::Kind::no_comm) return detail::make_result(container);
  // all and root are by_key with a final gather: each owner folds and sorts only its share of
  // the keys, and the receivers merge the owners' sorted parts. Threads of one process read each
  // other's containers in place; the pairs below travel between processes.
  if (transfer == Transfer::collective) {
    if (me.processes() == 1) return detail::reduce_in_process(me, container, final_gather_of(mode));
    return detail::reduce_by_key(me, container, final_gather_of(mode), transfer);
  }
  if (mode.kind == ReduceMode::Kind::by_key) return detail::reduce_by_key(me, container, mode.then, transfer);
  // The thesis's one-by-one transfer keeps its patterns for all and root: every pair is put to
  // each receiver, which folds them all.
  auto sent = detail::encode_pairs(container, transfer);
  auto received = detail::gather_for(me, sent.outgoing(), final_gather_of(mode).kind, mode.root, transfer);
  if (mode.kind == ReduceMode::Kind::root && me.thread() != mode.root) return {};
  // As many keys as this thread's own table: most jobs reduce to about as many (word count to
  // the same words).
  return detail::make_result(detail::fold(container, received, container.size()));
}

/// Per-key reduce of a container without a combiner (ListContainer): each thread first folds
/// its own pairs with `combiner`, then as above.
template <Container C, class Combiner>
  requires(!CombiningContainer<C>) && combiner_for<Combiner, typename C::mapped_type>
result_of_t<C> apply_reduce(pgas::Context& me, const C& container, const ReduceMode& mode, Combiner combiner,
                            Transfer transfer = Transfer::collective) {
  using K = typename C::key_type;
  using V = typename C::mapped_type;
  validate(mode, me);  // before the local fold: every thread refuses a bad mode at once
  HashContainer<K, V, Combiner> local(container.size(), mr::hash<K>{}, std::equal_to<K>{}, std::move(combiner));
  container.for_each([&](const K& key, const V& value) { local.emit(key, value); });
  return apply_reduce(me, local, mode, transfer);
}

namespace detail {

/// The unfolded pairs of a container without a combiner that this thread holds under `mode`.
/// by_key sends key k to thread hash_owner(mr::hash<K>(k)), as a HashContainer would.
template <Container C>
ReceivedPairs<typename C::key_type, typename C::mapped_type> collect(pgas::Context& me, const C& container,
                                                                       const ReduceMode& mode, Transfer transfer) {
  using K = typename C::key_type;
  using V = typename C::mapped_type;
  // In one process the receivers copy the pairs from the other threads' containers where they
  // lie, in thread order as the bytes would arrive, instead of every thread encoding its pairs
  // and every receiver decoding them all (string match: its matching lines). Not for views,
  // which would point into containers their threads free once the reduce returns.
  constexpr bool owning = !std::is_same_v<K, std::string_view> && !std::is_same_v<V, std::string_view>;
  if constexpr (owning) {
    const bool gathered = mode.kind == ReduceMode::Kind::all || mode.kind == ReduceMode::Kind::root;
    if (gathered && me.processes() == 1 && transfer == Transfer::collective) {
      const auto containers = addresses_of_all(me, container);  // every thread's, in thread order
      return then_barrier(me, [&] {  // every thread has copied before any frees its container
        ReceivedPairs<K, V> received;
        if (mode.kind == ReduceMode::Kind::all || me.thread() == mode.root)
          for (const C* theirs : containers)
            theirs->for_each([&](const K& key, const V& value) { received.pairs.push_back({key, value}); });
        return received;
      });
    }
  }
  switch (mode.kind) {
    case ReduceMode::Kind::no_comm: {
      ReceivedPairs<K, V> own;
      container.for_each([&](const K& key, const V& value) { own.pairs.push_back({key, value}); });
      return own;
    }
    case ReduceMode::Kind::all:
      return decoded<K, V>(allgather_bytes(me, encode_pairs(container, transfer).outgoing(), transfer));
    case ReduceMode::Kind::root:
      return decoded<K, V>(gather_bytes(me, encode_pairs(container, transfer).outgoing(), mode.root, transfer));
    case ReduceMode::Kind::by_key: break;
  }
  auto threads = me.threads();
  auto owner = [&](const K& key) { return hash_owner(mr::hash<K>{}(key), threads); };
  auto shuffled = encode_partitioned(container, owner, threads, transfer);
  auto mine = decoded<K, V>(exchange_bytes(me, shuffled.outgoing(), shuffled.per_destination, transfer));
  if (mode.then.kind == FinalGather::Kind::none) return mine;
  ListContainer<K, V> keyed(mine.pairs.size());
  for (const auto& pair : mine.pairs) keyed.emit(pair.key, pair.value);
  return decoded<K, V>(gather_for(me, encode_pairs(keyed, transfer).outgoing(), mode.then.kind, mode.then.root, transfer));
}

/// Calls fn(keys, values) with the pairs as two arrays (the thesis's structure of arrays). A
/// vector of pairs handed over (an rvalue) is moved from, as a ListContainer's values may be
/// large (string match's lines of a piece); a view of pairs that live on is copied from. The
/// arrays are this call's own: a fn that takes them as spans of non-const may move from them.
template <class K, class V, class Pairs, class Fn>
decltype(auto) call_with_arrays(Pairs&& pairs, Fn&& fn) {
  constexpr bool handed_over = std::is_same_v<Pairs, std::vector<KeyValue<K, V>>>;  // not a reference
  std::vector<K> keys;
  std::vector<V> values;
  keys.reserve(pairs.size());
  values.reserve(pairs.size());
  for (auto& pair : pairs) {
    if constexpr (handed_over) {
      keys.push_back(std::move(pair.key));
      values.push_back(std::move(pair.value));
    } else {
      keys.push_back(pair.key);
      values.push_back(pair.value);
    }
  }
  if constexpr (std::is_invocable_v<Fn&, std::span<K>, std::span<V>>)
    return std::invoke(fn, std::span<K>(keys), std::span<V>(values));
  else
    return std::invoke(fn, std::span<const K>(keys), std::span<const V>(values));
}

}  // namespace detail

/// Array-based user reduce (the thesis's reducefunc): fn(std::span<const K> keys,
/// std::span<const V> values) is called once on every thread with the pairs that thread holds
/// after the communication of `mode` (none for the threads that are not the root of root(t)
/// or of a final gather), sorted by key. A combining container's pairs are folded per key
/// first; a ListContainer's arrive unfolded, every emitted pair, grouped by key (the order of
/// one key's values follows the threads and is not deterministic). Returns fn's result. A fn
/// that takes std::span<K> and std::span<V> instead gets arrays it may move the keys and values
/// out of (they are the reduce's own, dropped when fn returns): no copy of large values.
template <Container C, class Fn>
  requires std::is_invocable_v<Fn&, std::span<const typename C::key_type>, std::span<const typename C::mapped_type>> ||
           std::is_invocable_v<Fn&, std::span<typename C::key_type>, std::span<typename C::mapped_type>>
auto apply_reduce_array(pgas::Context& me, const C& container, const ReduceMode& mode, Fn&& fn,
                        Transfer transfer = Transfer::collective) {
  using K = typename C::key_type;
  using V = typename C::mapped_type;
  if constexpr (CombiningContainer<C>) {
    auto reduced = apply_reduce(me, container, mode, transfer);
    return detail::call_with_arrays<K, V>(reduced.entries(), fn);
  } else {
    validate(mode, me);
    auto received = detail::collect(me, container, mode, transfer);
    std::ranges::stable_sort(received.pairs, std::ranges::less{}, &KeyValue<K, V>::key);
    return detail::call_with_arrays<K, V>(std::move(received.pairs), fn);
  }
}

}  // namespace pgasmr::mr
