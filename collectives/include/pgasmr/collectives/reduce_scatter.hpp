#pragma once
/// @file
/// reduce_scatter: element-wise fold of every member's blocks, block r to member r
/// (MPI_Reduce_scatter_block).

#include <concepts>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/core.hpp>
#include <pgasmr/collectives/detail/fold.hpp>
#include <pgasmr/collectives/detail/nonblocking.hpp>
#include <pgasmr/collectives/detail/reduction.hpp>
#include <pgasmr/collectives/operators.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/collectives/request.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll {

/// Every member's source holds n blocks of `count` elements (private src, or shared src[r * n *
/// count, ...) for member r). Member r receives, element by element, block r of every member
/// folded in member order: in its private dst[0, count), or in shared dst[r * count, ...).
/// @collective every member.
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>>
void reduce_scatter(pg::Context& me, D&& dst, S&& src, std::size_t count, Op op = {}, const Options& options = {}) {
  using T = element_of<D>;
  auto target = detail::erase(dst), source = detail::erase(src);
  auto members = detail::membership(me, options, "reduce_scatter", target, source, detail::agreed<T, Op>(-1, count));
  // The other members may still read this member's source when it writes its block.
  if (detail::private_buffers_overlap(target, source))
    detail::refuse(me, options, "reduce_scatter", "the source and the destination overlap: pass separate buffers");
  auto n = static_cast<std::size_t>(members.count);
  auto block_bytes = detail::bytes_of(count, sizeof(T));
  auto parts = source.is_shared() ? n * n : n;  // a shared source holds every member's blocks
  if (source.size_bytes() / parts < block_bytes)
    detail::refuse(me, options, "reduce_scatter",
                   "the source holds " + std::to_string(source.size_bytes()) + " bytes; " + std::to_string(parts) +
                       " blocks of " + std::to_string(count) + " elements need " + std::to_string(parts * block_bytes));
  std::vector<T> blocks(n * count);  // block q: member q's contribution to the caller
  Options exchange_options = options;
  exchange_options.sync.out = OutSync::my;
  detail::exchange(me, detail::erase(std::span(blocks)), source, block_bytes, exchange_options);
  // With Addressing::thread_ids the threads outside the team send nothing: fold members' blocks only.
  auto& team = options.team ? *options.team : me.world();
  auto takes_part = [&](std::size_t q) {
    return options.addressing != Addressing::thread_ids || team.rank_of(static_cast<pg::thread_id>(q)).has_value();
  };
  using Fold = detail::Folding<T, Op>;
  std::vector<T> result;
  std::span<const T> folded;  // block r of every member, folded
  if constexpr (std::same_as<detail::accumulator_t<T, Op>, T>) {
    // Folded in place into the first member's block: no buffers besides the received blocks.
    T* into = nullptr;
    for (std::size_t q = 0; q < n; ++q) {
      if (!takes_part(q)) continue;
      T* block = blocks.data() + q * count;
      if (!into) into = block;
      else
        for (std::size_t i = 0; i < count; ++i) Fold::add(op, into[i], block[i]);
    }
    if (into) folded = std::span<const T>(into, count);
  } else {
    std::vector<detail::accumulator_t<T, Op>> partial(count);
    bool first = true;
    for (std::size_t q = 0; q < n; ++q) {
      if (!takes_part(q)) continue;
      for (std::size_t i = 0; i < count; ++i) {
        if (first) partial[i] = Fold::start(op, blocks[q * count + i]);
        else Fold::add(op, partial[i], blocks[q * count + i]);
      }
      first = false;
    }
    result.resize(count);
    for (std::size_t i = 0; i < count; ++i) result[i] = Fold::result(op, partial[i]);
    folded = result;
  }
  auto at = target.is_shared() ? static_cast<std::size_t>(members.mine) * count * sizeof(T) : 0;
  detail::write_bytes(me, target, at, std::as_bytes(folded), "reduce_scatter");
  detail::sync_out(me, options);
}

/// Non-blocking form (MPI_Ireduce_scatter_block): the arguments and meaning of the blocking form
/// above; it starts the collective and returns at once with the Request that completes it
/// (request.hpp).
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>> && lasting_buffer<D> && lasting_buffer<S>
Request ireduce_scatter(pg::Context& me, D&& dst, S&& src, std::size_t count, Op op = {}, const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), count,
               op](pg::Context& caller, const Options& on_twin) {
    reduce_scatter(caller, to, from, count, op, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

}  // namespace pgasmr::coll
