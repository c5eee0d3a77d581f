#pragma once
/// @file
/// The reduce of a dense container (ArrayContainer) of integers under a built-in combiner:
/// the threads' arrays folded element by element with the collectives (reduce-scatter, then
/// gather or allgather), instead of encoded as key-value pairs, gathered whole and folded by
/// every receiver. Exact: integer sum (wrapping), min and max give the same values in any
/// order, so the result is the pair path's.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <pgasmr/collectives/allgather.hpp>
#include <pgasmr/collectives/gather.hpp>
#include <pgasmr/collectives/operators.hpp>
#include <pgasmr/collectives/reduce.hpp>
#include <pgasmr/collectives/reduce_scatter.hpp>
#include <pgasmr/mapreduce/array_container.hpp>
#include <pgasmr/mapreduce/combiners.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::mr::detail {

/// The collectives' operator for a combiner of the engine (void: none).
template <class Combiner>
struct collective_op {
  using type = void;
};
template <>
struct collective_op<sum> {
  using type = coll::op::add;
};
template <>
struct collective_op<min> {
  using type = coll::op::min;
};
template <>
struct collective_op<max> {
  using type = coll::op::max;
};

template <class C>
inline constexpr bool dense_reducible = false;
template <class V, class Combiner>
inline constexpr bool dense_reducible<ArrayContainer<V, Combiner>> =
    std::integral<V> && !std::same_as<V, bool> && !std::is_void_v<typename collective_op<Combiner>::type>;

/// Throws std::invalid_argument on every thread alike unless every thread's dense container
/// has `keys` keys: the reduces fold them key by key, and the owner of a key is found from the
/// count (different counts gave results of different lengths). @collective every thread.
inline void check_key_counts(pgas::Context& me, std::size_t keys) {
  const std::vector<std::uint64_t> mine{keys};
  std::vector<std::uint64_t> least(1), most(1);
  coll::allreduce(me, std::span(least), std::span(mine), coll::op::min{});
  coll::allreduce(me, std::span(most), std::span(mine), coll::op::max{});
  if (least[0] != most[0])
    throw std::invalid_argument("mapreduce apply_reduce: the threads' ArrayContainers have from " +
                                std::to_string(least[0]) + " to " + std::to_string(most[0]) +
                                " keys: every thread must make its container with the same key count");
}

/// Every key's value folded over the threads, indexed by key: on every thread (to_all), or on
/// thread `root` only (the others get an empty vector). @collective every thread.
template <class V, class Combiner>
  requires dense_reducible<ArrayContainer<V, Combiner>>
std::vector<V> reduce_dense(pgas::Context& me, const ArrayContainer<V, Combiner>& container, bool to_all, int root) {
  using Op = typename collective_op<Combiner>::type;
  const auto threads = static_cast<std::size_t>(me.threads());
  const std::size_t keys = container.key_count();
  const std::size_t block = (keys + threads - 1) / threads;  // the keys each thread folds
  // The keys in `threads` blocks of `block`: the container's own values when they fill them,
  // else a copy padded with the combiner's identity (a copy is a fresh buffer to fault in).
  std::vector<V> padded;
  std::span<const V> blocks = container.values();
  if (block * threads != keys) {
    padded.assign(block * threads, Combiner::template identity<V>());
    std::ranges::copy(container.values(), padded.begin());
    blocks = padded;
  }
  std::vector<V> mine(block);
  coll::reduce_scatter(me, std::span(mine), blocks, block, Op{});
  std::vector<V> whole(to_all || me.thread() == root ? block * threads : 0);
  if (to_all) {
    coll::allgather(me, std::span(whole), std::span<const V>(mine), block);
  } else {
    coll::Options options;
    options.root = root;
    coll::gather(me, std::span(whole), std::span<const V>(mine), block, options);
  }
  whole.resize(std::min(whole.size(), keys));
  return whole;
}

}  // namespace pgasmr::mr::detail
