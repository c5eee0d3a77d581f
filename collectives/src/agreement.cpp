#include "agreement.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <pgasmr/collectives/detail/core.hpp>

namespace pgasmr::coll::detail {
namespace {

/// FNV-1a over the plan's copies and the sync modes.
std::uint64_t fingerprint(const Plan& plan, Sync sync) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  auto mix = [&](std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash ^= (value >> (8 * i)) & 0xff;
      hash *= 0x100000001b3ull;
    }
  };
  mix(static_cast<std::uint64_t>(sync.in));
  mix(static_cast<std::uint64_t>(sync.out));
  for (const auto& copy : plan.copies()) {
    for (const auto& place : {copy.from, copy.to}) {
      mix(static_cast<std::uint64_t>(place.owner));
      mix(place.shared);
      mix(static_cast<std::uint64_t>(place.side));
      mix(place.offset);
    }
    mix(copy.bytes);
  }
  return hash;
}

thread_local bool checking = false;  // the check's own allgather is not checked again

}  // namespace

bool debug_checks_enabled() {
  static const bool enabled = [] {
    const char* value = std::getenv("PGASMR_COLL_DEBUG");
    return value && std::string(value) != "0";
  }();
  return enabled;
}

void check_agreement(const Participants& p, const Plan& plan, Sync sync) {
  if (checking) return;
  checking = true;
  auto mine = fingerprint(plan, sync);
  std::vector<std::uint64_t> everyone(static_cast<std::size_t>(p.count()), 0);
  Options options;
  options.team = &p.team();
  try {
    // Members only: with Addressing::thread_ids, non-members' slots stay 0.
    std::vector<std::uint64_t> members(static_cast<std::size_t>(p.team().size()));
    allgather(p.me(), erase(std::span(members)), erase(std::span(&mine, 1)), sizeof(mine), options);
    everyone = std::move(members);
  } catch (...) {
    checking = false;
    throw;
  }
  checking = false;
  for (std::size_t r = 0; r < everyone.size(); ++r)
    if (everyone[r] != everyone[0])
      p.refuse("the members disagree on the arguments (debug check): team rank " + std::to_string(r) +
               " called with different counts, displacements, root, buffers or sync mode than team rank 0");
}

}  // namespace pgasmr::coll::detail
