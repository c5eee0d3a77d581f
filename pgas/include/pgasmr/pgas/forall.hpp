#pragma once
/// @file
/// upc_forall: loops whose iterations run on the thread that has affinity to them.

#include <cstddef>

#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/shared_array.hpp>

namespace pgasmr::pgas {

/// `upc_forall (i = begin; i < end; i++; i)`: iteration i runs on thread i % THREADS.
template <class Body>
void forall(const Context& me, std::size_t begin, std::size_t end, Body&& body) {
  auto threads = static_cast<std::size_t>(me.threads());
  auto mine = static_cast<std::size_t>(me.thread());
  std::size_t first = begin + (mine + threads - begin % threads) % threads;
  for (std::size_t i = first; i < end; i += threads) body(i);
}

/// `upc_forall (i = 0; i < N; i++; &a[i])`: every element of `array` that lives on the calling
/// thread, in increasing global index, as body(global_index, element&). Walks the local
/// blocks directly, without computing the owner of every index.
template <class T, class Body>
void forall(const Context& me, const shared_array<T>& array, Body&& body) {
  auto local = array.local();
  const auto& layout = array.layout();
  for (std::size_t l = 0; l < local.size(); ++l) body(layout.global_index(me.thread(), l), local[l]);
}

}  // namespace pgasmr::pgas
