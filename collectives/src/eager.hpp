#pragma once
// The eager path for small collectives among members that all live in this process, or in
// processes of one host that map each other's segments (host_mailbox.hpp): instead of
// publishing buffer addresses and meeting twice (zero-copy), every member copies what the others
// need from its buffers into its mailbox slot, posts it, and copies what it needs out of the
// others' slots (mailbox.hpp). Nobody reads a member's buffers but the member itself, so a
// member returns as soon as its own destination is complete, without waiting for anyone.

#include <cstddef>
#include <memory_resource>
#include <span>
#include <vector>

#include <pgasmr/collectives/detail/reduction.hpp>
#include <pgasmr/collectives/options.hpp>

#include "channel.hpp"
#include "executor.hpp"
#include "participants.hpp"
#include "plan.hpp"

namespace pgasmr::coll::detail {

/// Runs `plan` eagerly and returns true when the mailbox reaches every member, every copy's ends
/// lie with members and what each member must post fits its slot; otherwise returns false at once
/// (every member decides alike: the plan is the same everywhere).
bool execute_eager(const Participants&, Channel&, const Plan&, PrivateBuffers mine, Sync, Overlap);

enum class EagerGather : unsigned char {
  gathered,     ///< `everyone` holds every member's bytes
  left,         ///< the caller posted its bytes for the only reader and needs nothing back
  too_large,    ///< some member's bytes did not fit its slot: only `sizes` is filled
  unavailable,  ///< the mailbox does not reach every member, or the eager path is off: nothing was done
};

/// Every member's `mine`, concatenated in member order, through the mailbox in one round;
/// `sizes` gets each member's count (0 for members that take no part). A member that is not
/// the only reader leaves once it has posted, if it contributes bytes (so it need not learn
/// whether everyone's are empty) and every member's fit by `readers.bound` (so nobody needs it
/// for the way round too large posts).
EagerGather allgather_eager(const Participants&, std::span<const std::byte> mine, std::pmr::vector<std::byte>& everyone,
                            std::pmr::vector<std::size_t>& sizes, Readers readers);

/// allgather_eager for contributions known to be small (every member's at most readers.bound
/// bytes), without copying them out: each member's non-empty bytes go to `take` in member order
/// while its slot is readable. Returns gathered, left (as for allgather_eager), or unavailable
/// (nothing was done; also when no bound is given or it exceeds a slot).
EagerGather visit_small_eager(const Participants&, std::span<const std::byte> mine, Readers readers, SmallTaker take);

}  // namespace pgasmr::coll::detail
