#include "peer_states.hpp"

#include <algorithm>

#include "job.hpp"
#include "segment_layout.hpp"

namespace pgasmr::pgas::detail {
namespace {

// A word: what was found (2 bits), whether some threads of a stuck process have returned (1),
// whether some of them wait in blocking MPI calls (1), the job's serial (20 bits), the look that
// began the stretch of stuck looks (20 bits) and the latest look (20 bits). Looks come once a
// second, so the looks wrap after 12 days; only their equality matters.
enum State : std::uint64_t { state_running = 0, state_stuck = 1, state_returned = 2 };
constexpr std::uint64_t serial_mask = (1u << 20) - 1, since_mask = (1u << 20) - 1, look_mask = (1u << 20) - 1;

struct Fields {
  std::uint64_t kind, threads_returned, in_mpi, serial, since, look;
};

std::uint64_t encode(Fields f) {
  return f.kind | f.threads_returned << 2 | f.in_mpi << 3 | (f.serial & serial_mask) << 4 |
         (f.since & since_mask) << 24 | (f.look & look_mask) << 44;
}

Fields decode(std::uint64_t word) {
  return {word & 3,
          word >> 2 & 1,
          word >> 3 & 1,
          word >> 4 & serial_mask,
          word >> 24 & since_mask,
          word >> 44 & look_mask};
}

}  // namespace

// A job starts as running: its first worker zeroes the word, which reads as running as well.
PeerStates::PeerStates(const Job& job)
    : job_(job), serial_(job.serial() & serial_mask), published_(encode({state_running, 0, 0, serial_, 0, 0})) {}

bool PeerStates::none_can_go_on(const Finding& finding) {
  using Kind = Finding::Kind;
  ++looks_;
  auto kind = finding.kind;
  std::optional<Reading> now;
  if (kind == Kind::stuck && !finding.transport_groups.empty()) {
    now = read();
    if (!each_waits_in_vain(finding.transport_groups, *now)) kind = Kind::running;  // may be moving data
  }
  if (kind != Kind::stuck) {
    publish(encode({kind == Kind::returned ? state_returned : state_running, 0, 0, serial_, 0, 0}));
    before_.reset();
    return false;
  }
  if (!before_) stuck_since_ = looks_;
  publish(encode({state_stuck, finding.threads_returned ? 1u : 0u, finding.transport_groups.empty() ? 0u : 1u, serial_,
                  stuck_since_, looks_}));
  if (!now) now = read();
  bool none = before_ && none_can_go_on(*before_, *now);
  before_ = std::move(now);
  return none;
}

void PeerStates::publish(std::uint64_t word) {
  if (word == published_) return;
  published_ = word;
  job_.atomic(atomic_op::store, 8, false, job_.process() * job_.threads_per_process(), SegmentLayout::liveness_slot,
              word, 0);
}

PeerStates::Reading PeerStates::read() const {
  Reading words;
  for (int p = 0; p < job_.processes(); ++p)
    words.push_back(job_.atomic(atomic_op::load, 8, false, p * job_.threads_per_process(),
                                SegmentLayout::liveness_slot, 0, 0));
  return words;
}

bool PeerStates::none_can_go_on(const Reading& before, const Reading& now) const {
  for (int p = 0; p < job_.processes(); ++p) {
    if (p == job_.process()) continue;
    auto then = decode(before[static_cast<std::size_t>(p)]), latest = decode(now[static_cast<std::size_t>(p)]);
    if (latest.serial != serial_) return false;  // still the word of an earlier job
    if (latest.kind == state_returned) continue;
    bool one_stretch = then.kind == state_stuck && latest.kind == state_stuck && then.serial == serial_ &&
                       then.since == latest.since && then.look != latest.look;
    if (!one_stretch) return false;
  }
  return true;
}

bool PeerStates::each_waits_in_vain(const std::vector<std::uint64_t>& groups, const Reading& reading) const {
  std::uint64_t never_joining = 0;  // processes that join no MPI call unless another process moves first
  for (int p = 0; p < job_.processes() && p < 64; ++p) {
    auto fields = decode(reading[static_cast<std::size_t>(p)]);
    if (p == job_.process() || fields.serial != serial_) continue;
    if (fields.kind == state_returned || (fields.kind == state_stuck && fields.in_mpi == 0))
      never_joining |= std::uint64_t{1} << p;
  }
  return std::ranges::all_of(groups, [&](std::uint64_t group) { return (group & never_joining) != 0; });
}

PeerStates::Returned PeerStates::returned() const {
  Returned processes;
  if (!before_) return processes;
  for (int p = 0; p < job_.processes(); ++p) {
    auto fields = decode((*before_)[static_cast<std::size_t>(p)]);
    if (p == job_.process() || fields.serial != serial_) continue;
    if (fields.kind == state_returned) processes.whole.push_back(p);
    if (fields.kind == state_stuck && fields.threads_returned) processes.partly.push_back(p);
  }
  return processes;
}

}  // namespace pgasmr::pgas::detail
