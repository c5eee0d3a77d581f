#pragma once
// The debug mode (PGASMR_COLL_DEBUG=1): before a collective moves anything, its members check
// that they were called with the same arguments. Every member builds the whole plan from its
// own arguments, so equal plans mean agreeing arguments; the members compare hashes of them.

#include <pgasmr/collectives/options.hpp>

#include "participants.hpp"
#include "plan.hpp"

namespace pgasmr::coll::detail {

/// True when PGASMR_COLL_DEBUG is set to a value other than 0.
bool debug_checks_enabled();

/// Refuses (on every member alike) when the members' plans or sync modes differ.
void check_agreement(const Participants& participants, const Plan& plan, Sync sync);

}  // namespace pgasmr::coll::detail
