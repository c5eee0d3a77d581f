#pragma once
/// @file
/// exchange: chunk q of member r to chunk r of member q: all-to-all (upc_all_exchange).

#include <cstddef>
#include <span>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/core.hpp>
#include <pgasmr/collectives/detail/nonblocking.hpp>
#include <pgasmr/collectives/displacements.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/collectives/request.hpp>
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

/// Vector variant (upc_all_exchange_v): counts[r * n + q] elements from member r to member q.
/// By default member r's row is packed in its source, and member q receives the chunks from
/// members 0, 1, ... packed one after another (the thesis's _merge). Displacement lists have
/// n * n entries, indexed like counts.
template <class D, class S>
  requires matching_buffers<D, S>
void exchange_v(pg::Context& me, D&& dst, S&& src, std::span<const std::size_t> counts, const Displacements& displacements = {},
                const Options& options = {}) {
  detail::exchange_v(me, detail::erase(dst), detail::erase(src),
                    {counts, displacements.source, displacements.destination, displacements.member_local,
                     sizeof(element_of<D>)},
                    options);
}

/// Non-blocking forms (MPI_Ialltoall): the arguments and meaning of the blocking forms above; each
/// starts the collective and returns at once with the Request that completes it (request.hpp).
template <class D, class S>
  requires matching_buffers<D, S> && lasting_buffer<D> && lasting_buffer<S>
Request iexchange(pg::Context& me, D&& dst, S&& src, std::size_t count, const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), count](pg::Context& caller, const Options& on_twin) {
    exchange(caller, to, from, count, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class B>
  requires writable_buffer<B> && lasting_buffer<B>
Request iexchange(pg::Context& me, in_place_t, B&& buffer, std::size_t count, const Options& options = {}) {
  auto body = [both = detail::view(buffer), count](pg::Context& caller, const Options& on_twin) {
    exchange(caller, in_place, both, count, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class D, class S>
  requires matching_buffers<D, S> && lasting_buffer<D> && lasting_buffer<S>
Request iexchange_v(pg::Context& me, D&& dst, S&& src, std::span<const std::size_t> counts,
                    const Displacements& displacements = {}, const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), each = detail::owned(counts),
               where = detail::OwnedDisplacements(displacements)](pg::Context& caller, const Options& on_twin) {
    exchange_v(caller, to, from, each, where.view(), on_twin);
  };
  return detail::start(me, options, std::move(body));
}

}  // namespace pgasmr::coll
