#pragma once
/// @file
/// Shared memory allocation, as UPC's upc_all_alloc / upc_global_alloc / upc_alloc / upc_free.

#include <cstddef>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/global_ptr.hpp>

namespace pgasmr::pgas {

class Context;

/// Collective (upc_all_alloc): room for `nblocks` blocks of `block_elems` elements, block k on
/// thread k % THREADS. Every thread's part starts at the same offset: the result points at
/// thread 0's part; `.on_thread(t)` gives thread t's. Every thread gets the same pointer.
template <class T>
global_ptr<T> all_alloc(Context& me, std::size_t nblocks, std::size_t block_elems);

/// Called by one thread (upc_global_alloc): the same layout as all_alloc, without synchronising.
template <class T>
global_ptr<T> global_alloc(Context& me, std::size_t nblocks, std::size_t block_elems);

/// Called by one thread (upc_alloc): `count` elements in the caller's own segment.
template <class T>
global_ptr<T> local_alloc(Context& me, std::size_t count);

/// Frees memory from any of the three (upc_free); may be called by any one thread. A null
/// pointer is ignored, as by upc_free.
template <class T>
void free(Context& me, global_ptr<T> ptr) {
  if (ptr) detail::free_shared(me, ptr.where(), ptr.offset());
}

/// Collective free of an all_alloc result: waits for every thread, then frees once.
template <class T>
void all_free(Context& me, global_ptr<T> ptr);

namespace detail {
/// count * element_bytes; throws pgasmr::error naming `operation` when that overflows.
std::size_t array_bytes(const char* operation, std::size_t count, std::size_t element_bytes);
std::size_t per_thread_bytes(const char* operation, const Context&, std::size_t nblocks, std::size_t block_bytes);
void all_free_bytes(Context&, thread_id, std::size_t offset);
}  // namespace detail

template <class T>
global_ptr<T> all_alloc(Context& me, std::size_t nblocks, std::size_t block_elems) {
  auto bytes = detail::per_thread_bytes("all_alloc", me, nblocks, detail::array_bytes("all_alloc", block_elems, sizeof(T)));
  return {0, detail::allocate_symmetric_collective(me, bytes)};
}

template <class T>
global_ptr<T> global_alloc(Context& me, std::size_t nblocks, std::size_t block_elems) {
  auto bytes = detail::per_thread_bytes("global_alloc", me, nblocks, detail::array_bytes("global_alloc", block_elems, sizeof(T)));
  return {0, detail::allocate_symmetric(me, bytes)};
}

template <class T>
global_ptr<T> local_alloc(Context& me, std::size_t count) {
  return {detail::calling_thread(me), detail::allocate_local(me, detail::array_bytes("local_alloc", count, sizeof(T)))};
}

template <class T>
void all_free(Context& me, global_ptr<T> ptr) {
  detail::all_free_bytes(me, ptr.where(), ptr.offset());
}

}  // namespace pgasmr::pgas
