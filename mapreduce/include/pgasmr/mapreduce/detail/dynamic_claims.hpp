#pragma once
/// @file
/// DYNAMIC distribution: each thread's BLOCK share has a counter of its next unclaimed element,
/// held by that thread and advanced with a PGAS atomic fetch_add (so it works across processes
/// too). A thread claims chunks of its own share first, then of the others' shares, in turn:
/// work moves to whichever thread runs faster, while a thread whose peers keep pace maps the
/// elements it would under BLOCK (what it kept from them stays useful from round to round) and
/// claims from a counter no other thread touches.

#include <cstddef>
#include <cstdint>
#include <optional>

#include <pgasmr/mapreduce/distribution.hpp>
#include <pgasmr/pgas/shared_array.hpp>

namespace pgasmr::mr::detail {

class DynamicClaims {
 public:
  /// Collective: every thread constructs it with the same n and chunk (0: about 16 chunks per
  /// share). Returns once the counters are ready. Destruction is collective as well.
  DynamicClaims(pgas::Context& me, std::size_t n, std::size_t chunk);

  /// The next unclaimed chunk, or nullopt when every element has been claimed.
  std::optional<ElementRange> next();

  /// Ends every thread's claims: next() finds nothing left, here and on the other threads once
  /// they have mapped the chunk they hold.
  void stop();

  /// Collective, as destruction: frees the counters now. A thread whose map function threw
  /// stops the claims and frees them before the exception leaves apply_map (while unwinding,
  /// the counters' collective free is skipped): the others then soon join it, and its later
  /// collective calls still match theirs when the body catches the exception and goes on.
  void release() { counters_.reset(); }

 private:
  pgas::Context& me_;
  std::size_t n_;
  std::size_t chunk_;
  int share_offset_ = 0;  // the share claimed from: thread (me + offset) % THREADS
  std::optional<pgas::shared_array<std::uint64_t>> counters_;  // one per thread, on that thread
};

/// Elements per claim for `chunk` = 0: small enough to even out irregular elements, large
/// enough that claiming (an atomic, remote across processes) stays cheap.
std::size_t automatic_chunk(std::size_t n, int threads);

}  // namespace pgasmr::mr::detail
