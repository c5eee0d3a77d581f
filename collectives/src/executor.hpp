#pragma once
// Runs a plan: eagerly when small (eager.hpp), in one copy between processes of one host when
// it may (single_copy.hpp), else as follows. Inside a process every copy is done by the thread
// that owns its destination, reading the source in place (zero-copy: members publish the
// addresses of their private buffers to each other). Between processes of one host that share
// their segments, a copy with a shared end is done by the owner of the other end, in place; a
// private-to-private copy goes through the source owner's staging area. Between other processes the source owners pack what
// each other process needs into one buffer per process, the process leaders exchange these in
// one MPI collective, and the destination owners unpack; from 16 KiB of the busiest process's traffic,
// when one all-to-all or broadcast moves it and not in place, MPI reads the sources and writes
// the destinations itself (no packing). Copies whose far side lies in a process without members
// go one-sided (get/put).

#include <cstddef>

#include <pgasmr/collectives/options.hpp>

#include "participants.hpp"
#include "plan.hpp"

namespace pgasmr::coll::detail {

/// The caller's private buffers (nullptr when a side is shared or unused).
struct PrivateBuffers {
  const std::byte* source = nullptr;
  std::byte* destination = nullptr;
};

/// The caller's private buffers of a call that is not in place. Refuses (Participants::refuse)
/// when the stretches of its private source and destination that the plan reads and writes
/// overlap: the copies could read bytes already written (MPI likewise forbids aliased buffers).
PrivateBuffers private_buffers(const Participants& participants, const Plan& plan, const BufferRef& dst,
                               const BufferRef& src);

/// How the plan's reads and writes may overlap.
enum class Overlap : bool {
  none,      ///< sources and destinations are disjoint: copy directly
  in_place,  ///< destinations may overwrite sources: read everything first, then write
};

void execute(const Participants& participants, const Plan& plan, PrivateBuffers mine, Sync sync, Overlap overlap);

}  // namespace pgasmr::coll::detail
