#pragma once
/// @file
/// What every collective accepts besides its buffers: team, root, synchronisation, algorithm.

#include <cstdint>

#include <pgasmr/pgas/team.hpp>
#include <pgasmr/pgas/types.hpp>

namespace pgasmr::coll {

namespace pg = pgasmr::pgas;

/// When a collective may start (UPC's UPC_IN_*SYNC flags).
enum class InSync : std::uint8_t {
  all,   ///< only after every member has entered (default): sources written before are read
  my,    ///< treated as `all` (stronger than UPC requires, never weaker)
  none,  ///< at once: the caller guarantees every member's shared source is ready
};

/// When a collective may return (UPC's UPC_OUT_*SYNC flags).
enum class OutSync : std::uint8_t {
  all,   ///< after every member's data has arrived everywhere (default)
  my,    ///< after the caller's own reads and writes are done: its destination is complete
         ///< and nobody reads its buffers any more; others may still be running
  none,  ///< as `my`: pgasmr never leaves a caller's buffers in use after it returns
};

struct Sync {
  InSync in = InSync::all;
  OutSync out = OutSync::all;
};

/// How members name each other in a team collective (the thesis's `_team` and
/// `_team_allthr` forms).
enum class Addressing : std::uint8_t {
  team_ranks,  ///< chunk r belongs to team rank r (`_team`)
  thread_ids,  ///< chunk t belongs to global thread t; non-members' chunks are left alone
               ///< (`_team_allthr`, a filter on the whole-job collective)
};

/// How the process leaders move a collective's traffic between processes (threads inside a
/// process always copy in parallel, zero-copy). Unless an Options asks for one, the
/// environment variable PGASMR_COLL_ALGORITHM (auto, flat, native, binomial, pairwise, bruck) decides.
enum class Algorithm : std::uint8_t {
  automatic,  ///< by the traffic's shape and size (see docs/collectives.md)
  flat,       ///< one MPI_Alltoallv among the leaders
  native,     ///< the MPI library's own collective for the shape (MPI_Bcast, else MPI_Alltoallv)
  binomial,   ///< our binomial tree, pipelined in 64 KiB segments (broadcast-shaped traffic;
              ///< other shapes go flat)
  pairwise,   ///< P - 1 rounds of send/receive with partners at distance k (all-to-all); for
              ///< the in-place exchange, the thesis's n / 2 stages of pairwise swaps
  bruck,      ///< Bruck's all-to-all: ceil(log2 P) rounds, more bytes moved, fewer messages
};

struct Options {
  /// The team that runs the collective; nullptr means every thread (the world team).
  pg::Team* team = nullptr;
  /// Rank (in the team, or thread id with Addressing::thread_ids) of the root of rooted operations.
  int root = 0;
  Sync sync{};
  Addressing addressing = Addressing::team_ranks;
  Algorithm algorithm = Algorithm::automatic;
};

/// Selects the in-place form: one buffer is source and destination.
struct in_place_t {
  explicit in_place_t() = default;
};
inline constexpr in_place_t in_place{};

}  // namespace pgasmr::coll
