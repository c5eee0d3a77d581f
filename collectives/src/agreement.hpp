#pragma once
// The debug mode (PGASMR_COLL_DEBUG=1): before a collective moves anything, its members check
// that they were called with the same arguments. Every member builds the whole plan of a data
// movement from its own arguments, so equal plans mean agreeing arguments; a reduction's members
// describe their calls (reduction.hpp, Agreed). The members compare hashes of them.

#include <cstdint>
#include <span>

#include <pgasmr/collectives/options.hpp>

#include "participants.hpp"
#include "plan.hpp"

namespace pgasmr::coll::detail {

/// True when PGASMR_COLL_DEBUG is set to a value other than 0.
bool debug_checks_enabled();

/// FNV-1a, a byte at a time.
class Fingerprint {
 public:
  void mix(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash_ ^= (value >> (8 * i)) & 0xff;
      hash_ *= 0x100000001b3ull;
    }
  }
  void mix(std::span<const std::byte> bytes) {
    for (auto byte : bytes) {
      hash_ ^= static_cast<std::uint64_t>(byte);
      hash_ *= 0x100000001b3ull;
    }
  }
  std::uint64_t value() const noexcept { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ull;
};

/// Refuses (on every member alike) when the members' plans or sync modes differ.
void check_agreement(const Participants& participants, const Plan& plan, Sync sync);

/// Refuses (on every member alike) when the members' fingerprints differ; `what` lists what the
/// fingerprint covers, for the message.
void check_agreement(const Participants& participants, std::uint64_t fingerprint, const char* what);

}  // namespace pgasmr::coll::detail
