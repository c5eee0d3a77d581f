#pragma once
/// @file
/// The compiled, type-erased core of the data-movement collectives. Not for users: the typed
/// headers (broadcast.hpp, ...) are the API. Sizes are in bytes.

#include <cstddef>
#include <span>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll::detail {

void broadcast(pg::Context&, const BufferRef& dst, const BufferRef& src, std::size_t chunk, const Options&);
void scatter(pg::Context&, const BufferRef& dst, const BufferRef& src, std::size_t chunk, const Options&);
void gather(pg::Context&, const BufferRef& dst, const BufferRef& src, std::size_t chunk, const Options&);
void allgather(pg::Context&, const BufferRef& dst, const BufferRef& src, std::size_t chunk, const Options&);
void exchange(pg::Context&, const BufferRef& dst, const BufferRef& src, std::size_t chunk, const Options&);
void permute(pg::Context&, const BufferRef& dst, const BufferRef& src, std::span<const int> permutation,
             std::size_t chunk, const Options&);

void broadcast_in_place(pg::Context&, const BufferRef& buffer, std::size_t chunk, const Options&);
void scatter_in_place(pg::Context&, const BufferRef& buffer, std::size_t chunk, const Options&);
void gather_in_place(pg::Context&, const BufferRef& buffer, std::size_t chunk, const Options&);
void allgather_in_place(pg::Context&, const BufferRef& buffer, std::size_t chunk, const Options&);
void exchange_in_place(pg::Context&, const BufferRef& buffer, std::size_t chunk, const Options&);
void permute_in_place(pg::Context&, const BufferRef& buffer, std::span<const int> permutation, std::size_t chunk,
                      const Options&);

}  // namespace pgasmr::coll::detail
