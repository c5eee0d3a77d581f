#include "agreement.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <pgasmr/collectives/detail/core.hpp>

namespace pgasmr::coll::detail {
namespace {

/// Over the plan's copies and the sync modes.
std::uint64_t fingerprint(const Plan& plan, Sync sync) {
  Fingerprint hash;
  hash.mix(static_cast<std::uint64_t>(sync.in));
  hash.mix(static_cast<std::uint64_t>(sync.out));
  for (const auto& copy : plan.copies()) {
    for (const auto& place : {copy.from, copy.to}) {
      hash.mix(static_cast<std::uint64_t>(place.owner));
      hash.mix(place.shared);
      hash.mix(static_cast<std::uint64_t>(place.side));
      hash.mix(place.offset);
    }
    hash.mix(copy.bytes);
  }
  return hash.value();
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
  check_agreement(p, fingerprint(plan, sync), "counts, displacements, root, buffers or sync mode");
}

void check_agreement(const Participants& p, std::uint64_t mine, const char* what) {
  if (checking) return;
  checking = true;
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
               " called with different " + what + " than team rank 0");
}

}  // namespace pgasmr::coll::detail
