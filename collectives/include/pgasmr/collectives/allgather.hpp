#pragma once
/// @file
/// allgather: every member's chunk to every member (upc_all_gather_all).

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

/// Member r's chunk (its private src[0, count), or shared src[r * count, (r + 1) * count)) goes
/// to chunk r of every member's destination: its private dst[r * count, ...), or in a shared
/// dst, dst[(q * n + r) * count, ...) for member q of n.
///
/// @collective every member of options.team (default: every thread), with the same arguments
/// except the private buffers. Sizes are in elements of the buffers' common type.
template <class D, class S>
  requires matching_buffers<D, S>
void allgather(pg::Context& me, D&& dst, S&& src, std::size_t count, const Options& options = {}) {
  detail::allgather(me, detail::erase(dst), detail::erase(src), detail::bytes_of(count, sizeof(element_of<D>)), options);
}

/// In place: one buffer is source and destination (UPC's _in_place, and _in_place_priv for a
/// private buffer). Blocks as for scatter: chunk r of member r's block goes to chunk r of every member's block.
template <class B>
  requires writable_buffer<B>
void allgather(pg::Context& me, in_place_t, B&& buffer, std::size_t count, const Options& options = {}) {
  detail::allgather_in_place(me, detail::erase(buffer), detail::bytes_of(count, sizeof(element_of<B>)), options);
}

/// Vector variant (upc_all_gather_all_v): counts[r] elements of member r's source to every
/// member's destination, packed in member order by default. A shared destination holds n equal
/// parts, member q's copy in part q.
template <class D, class S>
  requires matching_buffers<D, S>
void allgather_v(pg::Context& me, D&& dst, S&& src, std::span<const std::size_t> counts, const Displacements& displacements = {},
                 const Options& options = {}) {
  detail::allgather_v(me, detail::erase(dst), detail::erase(src),
                     {counts, displacements.source, displacements.destination, displacements.member_local,
                      sizeof(element_of<D>)},
                     options);
}

/// Non-blocking forms (MPI_Iallgather): the arguments and meaning of the blocking forms above; each
/// starts the collective and returns at once with the Request that completes it (request.hpp).
template <class D, class S>
  requires matching_buffers<D, S> && lasting_buffer<D> && lasting_buffer<S>
Request iallgather(pg::Context& me, D&& dst, S&& src, std::size_t count, const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), count](pg::Context& caller, const Options& on_twin) {
    allgather(caller, to, from, count, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class B>
  requires writable_buffer<B> && lasting_buffer<B>
Request iallgather(pg::Context& me, in_place_t, B&& buffer, std::size_t count, const Options& options = {}) {
  auto body = [both = detail::view(buffer), count](pg::Context& caller, const Options& on_twin) {
    allgather(caller, in_place, both, count, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class D, class S>
  requires matching_buffers<D, S> && lasting_buffer<D> && lasting_buffer<S>
Request iallgather_v(pg::Context& me, D&& dst, S&& src, std::span<const std::size_t> counts,
                     const Displacements& displacements = {}, const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), each = detail::owned(counts),
               where = detail::OwnedDisplacements(displacements)](pg::Context& caller, const Options& on_twin) {
    allgather_v(caller, to, from, each, where.view(), on_twin);
  };
  return detail::start(me, options, std::move(body));
}

}  // namespace pgasmr::coll
