#pragma once
/// @file
/// reduce_scatter: element-wise fold of every member's blocks, block r to member r
/// (MPI_Reduce_scatter_block).

#include <cstddef>
#include <vector>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/core.hpp>
#include <pgasmr/collectives/detail/reduction.hpp>
#include <pgasmr/collectives/operators.hpp>
#include <pgasmr/collectives/options.hpp>
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
  auto members = detail::membership(me, options, "reduce_scatter");
  auto n = static_cast<std::size_t>(members.count);
  std::vector<T> blocks(n * count);  // block q: member q's contribution to the caller
  Options exchange_options = options;
  exchange_options.sync.out = OutSync::my;
  detail::exchange(me, detail::erase(std::span(blocks)), detail::erase(src), detail::bytes_of(count, sizeof(T)),
                   exchange_options);
  std::vector<T> result(blocks.begin(), blocks.begin() + static_cast<std::ptrdiff_t>(count));
  for (std::size_t q = 1; q < n; ++q)
    for (std::size_t i = 0; i < count; ++i) result[i] = static_cast<T>(op(result[i], blocks[q * count + i]));
  auto target = detail::erase(dst);
  auto at = target.is_shared() ? static_cast<std::size_t>(members.mine) * count * sizeof(T) : 0;
  detail::write_bytes(me, target, at, std::as_bytes(std::span(result)), "reduce_scatter");
  detail::sync_out(me, options);
}

}  // namespace pgasmr::coll
