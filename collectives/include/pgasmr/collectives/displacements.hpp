#pragma once
/// @file
/// Displacements of the vector-variant (_v) collectives.

#include <cstddef>
#include <span>

namespace pgasmr::coll {

/// Where each member's chunk starts, in elements. An empty list means packed: chunks one after
/// another in member order in a buffer that holds several members' chunks, and offset 0 in a
/// private buffer that holds one member's chunk. Offsets into a shared buffer index its view,
/// unless member_local is set (the thesis's _local): then they count from the start of the
/// member thread's own part of the array.
struct Displacements {
  std::span<const std::size_t> source{};
  std::span<const std::size_t> destination{};
  bool member_local = false;
};

}  // namespace pgasmr::coll
