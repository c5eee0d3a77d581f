#pragma once
/// @file
/// reduce and allreduce (upc_all_reduceT, upc_all_reduceT_all): every element of a distributed
/// input folded into one value.

#include <cstddef>
#include <string>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/fold.hpp>
#include <pgasmr/collectives/detail/reduction.hpp>
#include <pgasmr/collectives/operators.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll {

namespace detail {
/// The fold of the whole input, in input order, on every member.
template <class T, class Op>
T fold_everything(pg::Context& me, const BufferRef& src, const Op& op, const Options& options, const char* operation) {
  if (src.is_shared()) sync_in(me, options);
  std::vector<std::byte> fetched;
  auto runs = runs_to_fold(me, src, options, operation, fetched);
  auto everyone = exchange_partials(me, fold_runs<T>(runs, op, !is_commutative<Op>()), options);
  if (everyone.empty()) refuse(me, options, operation, "there is nothing to reduce: every member's source is empty");
  T result = everyone.front().value;
  for (std::size_t i = 1; i < everyone.size(); ++i) result = static_cast<T>(op(result, everyone[i].value));
  return result;
}
}  // namespace detail

/// Folds the whole input with `op` and stores the result at the root: in its private dst[0], or
/// in a shared dst[0]. The input is a shared view (all its elements, in index order) or each
/// member's private span (members in rank order). @collective every member.
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>>
void reduce(pg::Context& me, D&& dst, S&& src, Op op = {}, const Options& options = {}) {
  using T = element_of<D>;
  auto members = detail::membership(me, options, "reduce");
  if (options.root < 0 || options.root >= members.count)
    detail::refuse(me, options, "reduce", "root " + std::to_string(options.root) + " is out of range");
  auto result = detail::fold_everything<T>(me, detail::erase(src), op, options, "reduce");
  if (members.mine == options.root)
    detail::write_bytes(me, detail::erase(dst), 0, std::as_bytes(std::span(&result, 1)), "reduce");
  detail::sync_out(me, options);
}

/// As reduce, but every member gets the result: in its private dst[0], or for a shared dst in
/// dst[r] for member r (as upc_all_reduceT_all). @collective every member.
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>>
void allreduce(pg::Context& me, D&& dst, S&& src, Op op = {}, const Options& options = {}) {
  using T = element_of<D>;
  auto members = detail::membership(me, options, "allreduce");
  auto result = detail::fold_everything<T>(me, detail::erase(src), op, options, "allreduce");
  auto target = detail::erase(dst);
  auto at = target.is_shared() ? static_cast<std::size_t>(members.mine) * sizeof(T) : 0;
  detail::write_bytes(me, target, at, std::as_bytes(std::span(&result, 1)), "allreduce");
  detail::sync_out(me, options);
}

}  // namespace pgasmr::coll
