#pragma once
/// @file
/// reduce and allreduce (upc_all_reduceT, upc_all_reduceT_all): every element of a distributed
/// input folded into one value.

#include <cstddef>
#include <optional>
#include <string>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/fold.hpp>
#include <pgasmr/collectives/detail/nonblocking.hpp>
#include <pgasmr/collectives/detail/reduction.hpp>
#include <pgasmr/collectives/operators.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/collectives/request.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll {

/// A chunk of the input of reduce_v / allreduce_v / prefix_reduce_v: `count` elements from
/// `offset` (a view index of a shared input; an index into the caller's own private input).
using Chunk = detail::Chunk;

/// Folds the whole input with `op` and stores the result at the root: in its private dst[0], or
/// in a shared dst[0]. The input is a shared view (all its elements, in index order) or each
/// member's private span (members in rank order). @collective every member.
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>>
void reduce(pg::Context& me, D&& dst, S&& src, Op op = {}, const Options& options = {}) {
  using T = element_of<D>;
  auto target = detail::erase(dst), source = detail::erase(src);
  auto members = detail::membership(me, options, "reduce", target, source, detail::agreed<T, Op>(options.root));
  if (options.root < 0 || options.root >= members.count)
    detail::refuse(me, options, "reduce", "root " + std::to_string(options.root) + " is out of range");
  auto result = detail::fold_everything<T>(me, members, source, std::nullopt, op, options, "reduce", options.root);
  if (members.mine == options.root)
    detail::write_bytes(me, target, 0, std::as_bytes(std::span(&*result, 1)), "reduce");
  detail::sync_out(me, options);
}

/// As reduce, but every member gets the result: in its private dst[0], or for a shared dst in
/// dst[r] for member r (as upc_all_reduceT_all). @collective every member.
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>>
void allreduce(pg::Context& me, D&& dst, S&& src, Op op = {}, const Options& options = {}) {
  using T = element_of<D>;
  auto target = detail::erase(dst), source = detail::erase(src);
  auto members = detail::membership(me, options, "allreduce", target, source, detail::agreed<T, Op>());
  auto result = *detail::fold_everything<T>(me, members, source, std::nullopt, op, options, "allreduce");
  auto at = target.is_shared() ? static_cast<std::size_t>(members.mine) * sizeof(T) : 0;
  detail::write_bytes(me, target, at, std::as_bytes(std::span(&result, 1)), "allreduce");
  detail::sync_out(me, options);
}

/// Vector variant (upc_all_reduceT_v): folds only the given chunks, in chunk order. A shared
/// input's chunks are the same on every member; each member's chunks of a private input index
/// its own span (members in rank order). The result goes to the root as for reduce.
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>>
void reduce_v(pg::Context& me, D&& dst, S&& src, std::span<const Chunk> chunks, Op op = {}, const Options& options = {}) {
  using T = element_of<D>;
  auto target = detail::erase(dst), source = detail::erase(src);
  auto members = detail::membership(me, options, "reduce_v", target, source,
                                    detail::agreed<T, Op>(options.root, 0, detail::shared_chunks(source, chunks)));
  if (options.root < 0 || options.root >= members.count)
    detail::refuse(me, options, "reduce_v", "root " + std::to_string(options.root) + " is out of range");
  auto result = detail::fold_everything<T>(me, members, source, chunks, op, options, "reduce_v", options.root);
  if (members.mine == options.root)
    detail::write_bytes(me, target, 0, std::as_bytes(std::span(&*result, 1)), "reduce_v");
  detail::sync_out(me, options);
}

/// Vector variant of allreduce (upc_all_reduceT_all_v): the chunks' fold on every member, stored
/// as by allreduce.
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>>
void allreduce_v(pg::Context& me, D&& dst, S&& src, std::span<const Chunk> chunks, Op op = {},
                 const Options& options = {}) {
  using T = element_of<D>;
  auto target = detail::erase(dst), source = detail::erase(src);
  auto members = detail::membership(me, options, "allreduce_v", target, source,
                                    detail::agreed<T, Op>(-1, 0, detail::shared_chunks(source, chunks)));
  auto result = *detail::fold_everything<T>(me, members, source, chunks, op, options, "allreduce_v");
  auto at = target.is_shared() ? static_cast<std::size_t>(members.mine) * sizeof(T) : 0;
  detail::write_bytes(me, target, at, std::as_bytes(std::span(&result, 1)), "allreduce_v");
  detail::sync_out(me, options);
}

/// Non-blocking forms (MPI_Ireduce, MPI_Iallreduce): the arguments and meaning of the blocking
/// forms above; each starts the collective and returns at once with the Request that completes it
/// (request.hpp).
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>> && lasting_buffer<D> && lasting_buffer<S>
Request ireduce(pg::Context& me, D&& dst, S&& src, Op op = {}, const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), op](pg::Context& caller, const Options& on_twin) {
    coll::reduce(caller, to, from, op, on_twin);  // not std::reduce, which ADL finds too
  };
  return detail::start(me, options, std::move(body));
}

template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>> && lasting_buffer<D> && lasting_buffer<S>
Request iallreduce(pg::Context& me, D&& dst, S&& src, Op op = {}, const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), op](pg::Context& caller, const Options& on_twin) {
    allreduce(caller, to, from, op, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>> && lasting_buffer<D> && lasting_buffer<S>
Request ireduce_v(pg::Context& me, D&& dst, S&& src, std::span<const Chunk> chunks, Op op = {},
                  const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), pieces = detail::owned(chunks),
               op](pg::Context& caller, const Options& on_twin) {
    reduce_v(caller, to, from, std::span<const Chunk>(pieces), op, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>> && lasting_buffer<D> && lasting_buffer<S>
Request iallreduce_v(pg::Context& me, D&& dst, S&& src, std::span<const Chunk> chunks, Op op = {},
                     const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), pieces = detail::owned(chunks),
               op](pg::Context& caller, const Options& on_twin) {
    allreduce_v(caller, to, from, std::span<const Chunk>(pieces), op, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

}  // namespace pgasmr::coll
