#pragma once
/// @file
/// permute: member r's chunk to member permutation[r] (upc_all_permute).

#include <cstddef>
#include <span>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/core.hpp>
#include <pgasmr/collectives/displacements.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll {

/// Member r's chunk (its private src[0, count), or shared src[r * count, ...)) goes to member
/// permutation[r]'s destination (its private dst[0, count), or shared dst[permutation[r] *
/// count, ...)). `permutation` has one entry per member (same on every member).
///
/// @collective every member of options.team (default: every thread), with the same arguments
/// except the private buffers. Sizes are in elements of the buffers' common type.
template <class D, class S>
  requires matching_buffers<D, S>
void permute(pg::Context& me, D&& dst, S&& src, std::span<const int> permutation, std::size_t count, const Options& options = {}) {
  detail::permute(me, detail::erase(dst), detail::erase(src), permutation, detail::bytes_of(count, sizeof(element_of<D>)), options);
}

/// In place: one buffer is source and destination (UPC's _in_place, and _in_place_priv for a
/// private buffer). Member r's block (private array, or buffer[r * count, ...)) moves to member permutation[r]'s block.
template <class B>
  requires writable_buffer<B>
void permute(pg::Context& me, in_place_t, B&& buffer, std::span<const int> permutation, std::size_t count, const Options& options = {}) {
  detail::permute_in_place(me, detail::erase(buffer), permutation, detail::bytes_of(count, sizeof(element_of<B>)), options);
}

/// Vector variant (upc_all_permute_v): counts[r] elements of member r's source go to member
/// permutation[r]; by default a chunk keeps its displacement (offset 0 of a private buffer).
template <class D, class S>
  requires matching_buffers<D, S>
void permute_v(pg::Context& me, D&& dst, S&& src, std::span<const int> permutation, std::span<const std::size_t> counts,
               const Displacements& displacements = {}, const Options& options = {}) {
  detail::permute_v(me, detail::erase(dst), detail::erase(src), permutation,
                    {counts, displacements.source, displacements.destination, displacements.member_local,
                     sizeof(element_of<D>)},
                    options);
}

}  // namespace pgasmr::coll
