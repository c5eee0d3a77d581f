#pragma once
/// @file
/// gather: every member's chunk to the root, in rank order (upc_all_gather).

#include <cstddef>
#include <span>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/core.hpp>
#include <pgasmr/collectives/displacements.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll {

/// Member r's chunk (its private src[0, count), or shared src[r * count, (r + 1) * count)) goes
/// to dst[r * count, (r + 1) * count) of the root's private dst, or of a shared dst.
///
/// @collective every member of options.team (default: every thread), with the same arguments
/// except the private buffers. Sizes are in elements of the buffers' common type.
template <class D, class S>
  requires matching_buffers<D, S>
void gather(pg::Context& me, D&& dst, S&& src, std::size_t count, const Options& options = {}) {
  detail::gather(me, detail::erase(dst), detail::erase(src), detail::bytes_of(count, sizeof(element_of<D>)), options);
}

/// In place: one buffer is source and destination (UPC's _in_place, and _in_place_priv for a
/// private buffer). Blocks as for scatter: chunk r of member r's block goes to chunk r of the root's block.
template <class B>
  requires writable_buffer<B>
void gather(pg::Context& me, in_place_t, B&& buffer, std::size_t count, const Options& options = {}) {
  detail::gather_in_place(me, detail::erase(buffer), detail::bytes_of(count, sizeof(element_of<B>)), options);
}

/// Vector variant (upc_all_gather_v): counts[r] elements of member r's source to the root's
/// destination, packed in member order by default.
template <class D, class S>
  requires matching_buffers<D, S>
void gather_v(pg::Context& me, D&& dst, S&& src, std::span<const std::size_t> counts, const Displacements& displacements = {},
              const Options& options = {}) {
  detail::gather_v(me, detail::erase(dst), detail::erase(src),
                  {counts, displacements.source, displacements.destination, displacements.member_local,
                   sizeof(element_of<D>)},
                  options);
}

}  // namespace pgasmr::coll
