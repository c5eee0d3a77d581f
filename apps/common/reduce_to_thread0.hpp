#pragma once
/// @file
/// The reduce step of the apps: whichever --reduce-mode runs, the output needs the whole result
/// on thread 0.

#include <pgasmr/mapreduce/apply_reduce.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"

namespace pgasmr::apps {

/// Collective. Reduces `container` with the chosen mode and returns the whole result on thread 0
/// (what other threads get depends on the mode); laps "reduce". root and by_key are asked to end on thread 0. no_comm leaves
/// each thread with its own part, so the parts are then merged on thread 0 with a root(0)
/// reduce, lapped apart as "merge to thread 0".
template <mr::CombiningContainer C>
mr::result_of_t<C> reduce_to_thread0(pgas::Context& me, const C& container, ReduceChoice choice, JobTimer& timer) {
  auto reduce = [&](const mr::ReduceMode& mode) {
    auto result = mr::apply_reduce(me, container, mode);
    timer.lap("reduce");
    return result;
  };
  switch (choice) {
    case ReduceChoice::all: return reduce(mr::all);
    case ReduceChoice::root: return reduce(mr::root(0));
    case ReduceChoice::by_key: return reduce(mr::by_key(mr::then_gather_root(0)));
    case ReduceChoice::no_comm: break;
  }
  auto own_part = reduce(mr::no_comm);
  auto parts = container.empty_copy();
  for (const auto& [key, value] : own_part) parts.emit(key, value);
  auto merged = mr::apply_reduce(me, parts, mr::root(0));
  timer.lap("merge to thread 0");
  return merged;
}

}  // namespace pgasmr::apps
