#pragma once
/// @file
/// vector_copy: any set of chunk copies between two buffers (upc_all_vector_copy), the
/// library's general collective memory copy.

#include <cstddef>
#include <span>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/core.hpp>
#include <pgasmr/collectives/detail/nonblocking.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/collectives/request.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll {

/// One chunk: `count` elements from member `from`'s source at `from_offset` to member `to`'s
/// destination at `to_offset`. For a shared side the member is ignored and the offset indexes
/// the view. Chunks must not overlap in the destination (refused: pgasmr::error).
using ChunkCopy = detail::ChunkCopy;

/// @collective every member, with the same chunk list.
template <class D, class S>
  requires matching_buffers<D, S>
void vector_copy(pg::Context& me, D&& dst, S&& src, std::span<const ChunkCopy> chunks, const Options& options = {}) {
  detail::vector_copy(me, detail::erase(dst), detail::erase(src), chunks, sizeof(element_of<D>), options);
}

/// Non-blocking form: the arguments and meaning of the blocking form above; it starts the
/// collective and returns at once with the Request that completes it (request.hpp).
template <class D, class S>
  requires matching_buffers<D, S> && lasting_buffer<D> && lasting_buffer<S>
Request ivector_copy(pg::Context& me, D&& dst, S&& src, std::span<const ChunkCopy> chunks,
                     const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src),
               pieces = detail::owned(chunks)](pg::Context& caller, const Options& on_twin) {
    vector_copy(caller, to, from, std::span<const ChunkCopy>(pieces), on_twin);
  };
  return detail::start(me, options, std::move(body));
}

}  // namespace pgasmr::coll
