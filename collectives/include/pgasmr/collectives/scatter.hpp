#pragma once
/// @file
/// scatter: chunk r of the root's source to member r (upc_all_scatter).

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

/// Source: the root's private src, or shared src, holding one chunk of `count` elements per
/// member; chunk r (src[r * count, (r + 1) * count)) goes to member r's destination: its
/// private dst[0, count), or in a shared dst its chunk dst[r * count, (r + 1) * count).
///
/// @collective every member of options.team (default: every thread), with the same arguments
/// except the private buffers. Sizes are in elements of the buffers' common type.
template <class D, class S>
  requires matching_buffers<D, S>
void scatter(pg::Context& me, D&& dst, S&& src, std::size_t count, const Options& options = {}) {
  detail::scatter(me, detail::erase(dst), detail::erase(src), detail::bytes_of(count, sizeof(element_of<D>)), options);
}

/// In place: one buffer is source and destination (UPC's _in_place, and _in_place_priv for a
/// private buffer). Member r's block holds n chunks (its private array, or buffer[r * n * count, ...) when shared); chunk r of the root's block goes to chunk r of member r's block.
template <class B>
  requires writable_buffer<B>
void scatter(pg::Context& me, in_place_t, B&& buffer, std::size_t count, const Options& options = {}) {
  detail::scatter_in_place(me, detail::erase(buffer), detail::bytes_of(count, sizeof(element_of<B>)), options);
}

/// Vector variant (upc_all_scatter_v): counts[r] elements of the root's source (default:
/// packed) to member r's destination (default: offset 0 of a private buffer, packed in a
/// shared one).
template <class D, class S>
  requires matching_buffers<D, S>
void scatter_v(pg::Context& me, D&& dst, S&& src, std::span<const std::size_t> counts, const Displacements& displacements = {},
               const Options& options = {}) {
  detail::scatter_v(me, detail::erase(dst), detail::erase(src),
                   {counts, displacements.source, displacements.destination, displacements.member_local,
                    sizeof(element_of<D>)},
                   options);
}

/// Non-blocking forms (MPI_Iscatter): the arguments and meaning of the blocking forms above; each
/// starts the collective and returns at once with the Request that completes it (request.hpp).
template <class D, class S>
  requires matching_buffers<D, S> && lasting_buffer<D> && lasting_buffer<S>
Request iscatter(pg::Context& me, D&& dst, S&& src, std::size_t count, const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), count](pg::Context& caller, const Options& on_twin) {
    scatter(caller, to, from, count, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class B>
  requires writable_buffer<B> && lasting_buffer<B>
Request iscatter(pg::Context& me, in_place_t, B&& buffer, std::size_t count, const Options& options = {}) {
  auto body = [both = detail::view(buffer), count](pg::Context& caller, const Options& on_twin) {
    scatter(caller, in_place, both, count, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class D, class S>
  requires matching_buffers<D, S> && lasting_buffer<D> && lasting_buffer<S>
Request iscatter_v(pg::Context& me, D&& dst, S&& src, std::span<const std::size_t> counts,
                   const Displacements& displacements = {}, const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), each = detail::owned(counts),
               where = detail::OwnedDisplacements(displacements)](pg::Context& caller, const Options& on_twin) {
    scatter_v(caller, to, from, each, where.view(), on_twin);
  };
  return detail::start(me, options, std::move(body));
}

}  // namespace pgasmr::coll
