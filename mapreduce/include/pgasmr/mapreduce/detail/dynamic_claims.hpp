#pragma once
/// @file
/// DYNAMIC distribution: the threads take chunks of elements from one shared counter, held by
/// thread 0 and advanced with a PGAS atomic fetch_add, so it works across processes too.

#include <cstddef>
#include <cstdint>
#include <optional>

#include <pgasmr/mapreduce/distribution.hpp>
#include <pgasmr/pgas/shared_array.hpp>

namespace pgasmr::mr::detail {

class DynamicClaims {
 public:
  /// Collective: every thread constructs it with the same n and chunk (0: about 16 chunks per
  /// thread). Returns once the counter is ready. Destruction is collective as well.
  DynamicClaims(pgas::Context& me, std::size_t n, std::size_t chunk);

  /// The next unclaimed chunk, or nullopt when every element has been claimed.
  std::optional<ElementRange> next();

 private:
  pgas::Context& me_;
  std::size_t n_;
  std::size_t chunk_;
  pgas::shared_array<std::uint64_t> counter_;  // one element, on thread 0
};

/// Elements per claim for `chunk` = 0: small enough to even out irregular elements, large
/// enough that claiming (an atomic, remote across processes) stays cheap.
std::size_t automatic_chunk(std::size_t n, int threads);

}  // namespace pgasmr::mr::detail
