#pragma once
// The single-copy path between processes of one host. Without it, a private buffer's bytes
// bound for another process are copied twice (into the sender's staging area, then out of it)
// with two barriers of the team between. Here the members post the addresses of their private
// buffers in one round of the host mailbox (host_mailbox.hpp); every copy then goes straight
// from its source to its destination: with memcpy where this process maps both ends (shared
// segments, private buffers of its own threads), else with Linux's cross-memory attach
// (process_vm_readv / process_vm_writev). A large copy may be split between its two owners,
// the source's writing its front while the destination's reads the rest, cut where the two
// spend about the same time (copy_shares.hpp). A second round tells every member that nobody
// touches its buffers any more. A member whose buffers serve little (at most 16 KiB) copies
// that part into its staging area first, which the others map: two copies in the caches cost
// less than one cross-memory attach. In place, every member does so (or, where it does not
// fit, copies it aside privately), so that nobody reads what another has already overwritten.

#include <pgasmr/collectives/options.hpp>

#include "channel.hpp"
#include "executor.hpp"
#include "participants.hpp"
#include "plan.hpp"

namespace pgasmr::coll::detail {

/// Runs `plan` on the single-copy path and returns true when the host mailbox reaches every
/// member and the processes may access each other's memory, every copy's ends lie with members,
/// and in place every end is private; otherwise returns false at once (every
/// member decides alike).
bool execute_single_copy(const Participants&, Channel&, const Plan&, PrivateBuffers mine, Sync, Overlap);

}  // namespace pgasmr::coll::detail
