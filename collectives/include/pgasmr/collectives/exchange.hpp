#pragma once
/// @file
/// exchange: chunk q of member r to chunk r of member q: all-to-all (upc_all_exchange).

#include <cstddef>
#include <span>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/core.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll {

/// Each member's source holds n chunks of `count` elements (its private src, or shared
/// src[r * n * count, ...) for member r); chunk q of member r goes to chunk r of member q's
/// destination (private dst[r * count, ...), or shared dst[(q * n + r) * count, ...)).
///
/// @collective every member of options.team (default: every thread), with the same arguments
/// except the private buffers. Sizes are in elements of the buffers' common type.
template <class D, class S>
  requires matching_buffers<D, S>
void exchange(pg::Context& me, D&& dst, S&& src, std::size_t count, const Options& options = {}) {
  detail::exchange(me, detail::erase(dst), detail::erase(src), detail::bytes_of(count, sizeof(element_of<D>)), options);
}

/// In place: one buffer is source and destination (UPC's _in_place, and _in_place_priv for a
/// private buffer). Blocks as for scatter: chunk q of member r's block and chunk r of member q's block swap.
template <class B>
  requires writable_buffer<B>
void exchange(pg::Context& me, in_place_t, B&& buffer, std::size_t count, const Options& options = {}) {
  detail::exchange_in_place(me, detail::erase(buffer), detail::bytes_of(count, sizeof(element_of<B>)), options);
}

}  // namespace pgasmr::coll
