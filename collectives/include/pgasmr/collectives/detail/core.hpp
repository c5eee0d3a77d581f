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

namespace pgasmr::coll::detail {

/// Where displacements of a vector-variant collective point. Sizes in bytes.
struct VectorSpec {
  std::span<const std::size_t> counts;
  std::span<const std::size_t> source_displacements;       // empty: the operation's default
  std::span<const std::size_t> destination_displacements;  // empty: the operation's default
  bool member_local = false;  // _local: a shared buffer's displacements count from the member's block
  std::size_t element_size = 1;
};

/// One copy of vector_copy: from member `from`'s buffer (private) or the shared view, to `to`'s.
struct ChunkCopy {
  int from = 0;
  std::size_t from_offset = 0;
  int to = 0;
  std::size_t to_offset = 0;
  std::size_t count = 0;
};

void broadcast_v(pg::Context&, const BufferRef& dst, const BufferRef& src, const VectorSpec&, const Options&);
void scatter_v(pg::Context&, const BufferRef& dst, const BufferRef& src, const VectorSpec&, const Options&);
void gather_v(pg::Context&, const BufferRef& dst, const BufferRef& src, const VectorSpec&, const Options&);
void allgather_v(pg::Context&, const BufferRef& dst, const BufferRef& src, const VectorSpec&, const Options&);
void exchange_v(pg::Context&, const BufferRef& dst, const BufferRef& src, const VectorSpec&, const Options&);
void permute_v(pg::Context&, const BufferRef& dst, const BufferRef& src, std::span<const int> permutation,
               const VectorSpec&, const Options&);
void vector_copy(pg::Context&, const BufferRef& dst, const BufferRef& src, std::span<const ChunkCopy> chunks,
                 std::size_t element_size, const Options&);

}  // namespace pgasmr::coll::detail
