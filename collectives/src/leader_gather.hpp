#pragma once
// The gather of small byte strings (reductions' partial results) for a team whose mailbox does
// not reach every member (processes on several hosts, or without shared segments): the members
// of each process leave their bytes with the channel, the last to arrive exchanges the
// process's records with the other processes' leaders (one MPI_Allgather of fixed blocks when
// every process's records fit one, a second exchange otherwise), and every member reads
// everyone's bytes from the result: one MPI collective where the executor's path made two
// (sizes, then bytes), each with its own meetings. A rooted reduction gathers at its root's
// process only.

#include <cstddef>
#include <memory_resource>
#include <optional>
#include <span>
#include <vector>

#include <pgasmr/collectives/detail/reduction.hpp>

#include "channel.hpp"
#include "participants.hpp"

namespace pgasmr::coll::detail {

/// Every member's `mine`, concatenated in member order; `sizes` gets each member's count (0 for
/// members that take no part). Every member calls it; the team must span processes. When only
/// one member reads (`readers.only`, a rooted reduction's root), only its process gathers (one
/// MPI_Gather) and the other processes' members get nullopt, unless neither their process nor
/// any other contributed a byte: then they get the empty result, so that all refuse alike.
std::optional<std::pmr::vector<std::byte>> gather_through_leaders(const Participants&, Channel&,
                                                                  std::span<const std::byte> mine,
                                                                  std::pmr::vector<std::size_t>& sizes, Readers readers);

}  // namespace pgasmr::coll::detail
