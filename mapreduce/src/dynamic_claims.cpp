#include <pgasmr/mapreduce/detail/dynamic_claims.hpp>

#include <algorithm>

#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::mr::detail {

std::size_t automatic_chunk(std::size_t n, int threads) {
  constexpr std::size_t claims_per_thread = 16;
  return std::max<std::size_t>(1, n / (static_cast<std::size_t>(threads) * claims_per_thread));
}

DynamicClaims::DynamicClaims(pgas::Context& me, std::size_t n, std::size_t chunk)
    : me_(me),
      n_(n),
      // Capped at n: every thread adds a chunk to the 64-bit counter once more after the last
      // claim, and a huge chunk wrapped it back below n (elements were mapped again).
      chunk_(chunk == 0 ? automatic_chunk(n, me.threads()) : std::min(chunk, std::max<std::size_t>(n, 1))),
      counter_(me, 1, 1) {
  // Shared memory is not zeroed on allocation (the heap reuses blocks).
  if (me.thread() == 0) pgas::atomic_store(me, counter_.ptr(0), std::uint64_t{0});
  me.barrier();
}

std::optional<ElementRange> DynamicClaims::next() {
  auto begin = pgas::atomic_fetch_add(me_, counter_.ptr(0), static_cast<std::uint64_t>(chunk_));
  if (begin >= n_) return std::nullopt;
  return ElementRange{begin, std::min<std::size_t>(n_, begin + chunk_)};
}

}  // namespace pgasmr::mr::detail
