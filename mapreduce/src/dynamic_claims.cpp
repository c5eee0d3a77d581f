#include <pgasmr/mapreduce/detail/dynamic_claims.hpp>

#include <algorithm>
#include <limits>

#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::mr::detail {
namespace {

/// A counter ends a successful claim below its share's end + chunk, and then moves at most once
/// per thread (a thread that finds a share exhausted moves on to the next and never comes back):
/// it stays below n + (THREADS + 1) x chunk. Capped so, `chunk` never wraps a counter back into
/// its share (a huge chunk did: elements were mapped again).
std::size_t capped_chunk(std::size_t chunk, std::size_t n, int threads) {
  const auto most = (std::numeric_limits<std::uint64_t>::max() - n) / (static_cast<std::uint64_t>(threads) + 1);
  return std::clamp<std::size_t>(chunk, 1, std::max<std::size_t>(1, std::min<std::size_t>(n, most)));
}

}  // namespace

std::size_t automatic_chunk(std::size_t n, int threads) {
  constexpr std::size_t claims_per_thread = 16;
  return std::max<std::size_t>(1, n / (static_cast<std::size_t>(threads) * claims_per_thread));
}

DynamicClaims::DynamicClaims(pgas::Context& me, std::size_t n, std::size_t chunk)
    : me_(me),
      n_(n),
      chunk_(capped_chunk(chunk == 0 ? automatic_chunk(n, me.threads()) : chunk, n, me.threads())),
      counters_(std::in_place, me, static_cast<std::size_t>(me.threads()), 1) {
  // Shared memory is not zeroed on allocation (the heap reuses blocks).
  pgas::atomic_store(me, counters_->ptr(static_cast<std::size_t>(me.thread())),
                     std::uint64_t{block_range(n, me.threads(), me.thread()).begin});
  me.barrier();
}

void DynamicClaims::stop() {
  // n is past every share's end, and later claims keep a counter below n + THREADS x chunk.
  for (int owner = 0; owner < me_.threads(); ++owner)
    pgas::atomic_store(me_, counters_->ptr(static_cast<std::size_t>(owner)), std::uint64_t{n_});
}

std::optional<ElementRange> DynamicClaims::next() {
  const int threads = me_.threads();
  for (; share_offset_ < threads; ++share_offset_) {
    const int owner = (me_.thread() + share_offset_) % threads;
    const auto end = block_range(n_, threads, owner).end;
    auto begin = pgas::atomic_fetch_add(me_, counters_->ptr(static_cast<std::size_t>(owner)),
                                        static_cast<std::uint64_t>(chunk_));
    if (begin < end) return ElementRange{begin, std::min<std::size_t>(end, begin + chunk_)};
  }
  return std::nullopt;
}

}  // namespace pgasmr::mr::detail
