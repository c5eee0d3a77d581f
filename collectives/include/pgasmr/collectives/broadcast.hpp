#pragma once
/// @file
/// broadcast: the root's chunk to every member (upc_all_broadcast).

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

/// Copies `count` elements from the root to every member. Source: the root's private src[0,
/// count), or shared src[0, count). Destination: each member's private dst[0, count), or in a
/// shared dst, member r's chunk dst[r * count, (r + 1) * count).
///
/// @collective every member of options.team (default: every thread), with the same arguments
/// except the private buffers. Sizes are in elements of the buffers' common type.
template <class D, class S>
  requires matching_buffers<D, S>
void broadcast(pg::Context& me, D&& dst, S&& src, std::size_t count, const Options& options = {}) {
  detail::broadcast(me, detail::erase(dst), detail::erase(src), detail::bytes_of(count, sizeof(element_of<D>)), options);
}

/// In place: one buffer is source and destination (UPC's _in_place, and _in_place_priv for a
/// private buffer). Member r's block is its private array, or buffer[r * count, (r + 1) * count) when shared; the root's block is copied to every other block.
template <class B>
  requires writable_buffer<B>
void broadcast(pg::Context& me, in_place_t, B&& buffer, std::size_t count, const Options& options = {}) {
  detail::broadcast_in_place(me, detail::erase(buffer), detail::bytes_of(count, sizeof(element_of<B>)), options);
}

/// Vector variant (upc_all_broadcast_v): the root's `count` elements (at source displacement[0],
/// default 0) to member r's destination at destination displacement[r].
template <class D, class S>
  requires matching_buffers<D, S>
void broadcast_v(pg::Context& me, D&& dst, S&& src, std::size_t count, const Displacements& displacements = {},
                 const Options& options = {}) {
  detail::broadcast_v(me, detail::erase(dst), detail::erase(src),
                     {std::span<const std::size_t>(&count, 1), displacements.source, displacements.destination, displacements.member_local,
                      sizeof(element_of<D>)},
                     options);
}

/// Non-blocking forms (MPI_Ibcast): the arguments and meaning of the blocking forms above; each
/// starts the collective and returns at once with the Request that completes it (request.hpp).
template <class D, class S>
  requires matching_buffers<D, S> && lasting_buffer<D> && lasting_buffer<S>
Request ibroadcast(pg::Context& me, D&& dst, S&& src, std::size_t count, const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), count](pg::Context& caller, const Options& on_twin) {
    broadcast(caller, to, from, count, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class B>
  requires writable_buffer<B> && lasting_buffer<B>
Request ibroadcast(pg::Context& me, in_place_t, B&& buffer, std::size_t count, const Options& options = {}) {
  auto body = [both = detail::view(buffer), count](pg::Context& caller, const Options& on_twin) {
    broadcast(caller, in_place, both, count, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class D, class S>
  requires matching_buffers<D, S> && lasting_buffer<D> && lasting_buffer<S>
Request ibroadcast_v(pg::Context& me, D&& dst, S&& src, std::size_t count, const Displacements& displacements = {},
                     const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), count,
               where = detail::OwnedDisplacements(displacements)](pg::Context& caller, const Options& on_twin) {
    broadcast_v(caller, to, from, count, where.view(), on_twin);
  };
  return detail::start(me, options, std::move(body));
}

}  // namespace pgasmr::coll
