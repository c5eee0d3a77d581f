#pragma once
/// @file
/// The reduce step of the apps: whichever --reduce-mode runs, the output needs the whole result
/// on thread 0.

#include <span>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/apply_reduce.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"

namespace pgasmr::apps {

/// Collective. Reduces `container` with the chosen mode and returns the whole result on thread 0
/// (what other threads get depends on the mode); laps "reduce". root and by_key are asked to end
/// on thread 0. no_comm leaves each thread with its own part, so the parts are then merged on
/// thread 0 with a root(0) reduce, lapped apart as "merge to thread 0".
namespace detail {

/// `reduce` (a mode -> the result, lapped) with the mode of `choice` that ends on thread 0; for
/// no_comm, `merge` (each thread's own part -> the whole on thread 0) of reduce(mr::no_comm).
template <class Reduce, class Merge>
auto reduce_with_choice(ReduceChoice choice, Reduce&& reduce, Merge&& merge) {
  switch (choice) {
    case ReduceChoice::all: return reduce(mr::all);
    case ReduceChoice::root: return reduce(mr::root(0));
    case ReduceChoice::by_key: return reduce(mr::by_key(mr::then_gather_root(0)));
    case ReduceChoice::no_comm: break;
  }
  return merge(reduce(mr::no_comm));
}

}  // namespace detail

template <mr::CombiningContainer C>
mr::result_of_t<C> reduce_to_thread0(pgas::Context& me, const C& container, ReduceChoice choice, JobTimer& timer) {
  auto reduce = [&](const mr::ReduceMode& mode) {
    auto result = mr::apply_reduce(me, container, mode);
    timer.lap("reduce");
    return result;
  };
  auto merge = [&](const mr::result_of_t<C>& own_part) {
    auto parts = container.empty_copy();
    for (const auto& [key, value] : own_part) parts.emit(key, value);
    auto merged = mr::apply_reduce(me, parts, mr::root(0));
    timer.lap("merge to thread 0");
    return merged;
  };
  return detail::reduce_with_choice(choice, reduce, merge);
}

/// Collective. The same for a container without a combiner (mr::ListContainer): every pair
/// emitted, unfolded, on thread 0, sorted by key (what other threads get depends on the mode);
/// laps as above. Through mr::apply_reduce_array; K and V must own their data (no views).
template <mr::Container C>
  requires(!mr::CombiningContainer<C>)
std::vector<mr::KeyValue<typename C::key_type, typename C::mapped_type>> gather_to_thread0(pgas::Context& me,
                                                                                        const C& container,
                                                                                        ReduceChoice choice,
                                                                                        JobTimer& timer) {
  using K = typename C::key_type;
  using V = typename C::mapped_type;
  auto to_pairs = [](std::span<K> keys, std::span<V> values) {  // the reduce's own arrays: moved from
    std::vector<mr::KeyValue<K, V>> pairs;
    pairs.reserve(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) pairs.push_back({std::move(keys[i]), std::move(values[i])});
    return pairs;
  };
  auto reduce = [&](const mr::ReduceMode& mode) {
    auto pairs = mr::apply_reduce_array(me, container, mode, to_pairs);
    timer.lap("reduce");
    return pairs;
  };
  auto merge = [&](const std::vector<mr::KeyValue<K, V>>& own_part) {
    C parts;
    for (const auto& [key, value] : own_part) parts.emit(key, value);
    auto merged = mr::apply_reduce_array(me, parts, mr::root(0), to_pairs);
    timer.lap("merge to thread 0");
    return merged;
  };
  return detail::reduce_with_choice(choice, reduce, merge);
}

}  // namespace pgasmr::apps
