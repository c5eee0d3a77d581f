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
constexpr std::uint64_t field_mask = (1u << 20) - 1;  // the serial's, since's and look's 20 bits
constexpr unsigned look_shift = 44;

struct Fields {
  std::uint64_t kind, threads_returned, in_mpi, serial, since, look;
};

std::uint64_t encode(Fields f) {
  return f.kind | f.threads_returned << 2 | f.in_mpi << 3 | (f.serial & field_mask) << 4 |
         (f.since & field_mask) << 24 | (f.look & field_mask) << look_shift;
}

Fields decode(std::uint64_t word) {
  return {word & 3,
          word >> 2 & 1,
          word >> 3 & 1,
          word >> 4 & field_mask,
          word >> 24 & field_mask,
          word >> look_shift & field_mask};
}

// The words of the call: each ends with the look that found it (the finding's lowest 12 bits, at
// bit 52: a call word goes with the finding of the same look).
constexpr unsigned call_look_shift = 52;
constexpr std::uint64_t call_look_mask = (std::uint64_t{1} << 12) - 1;
std::uint64_t with_look(std::uint64_t word, std::uint64_t look) {
  return word | (look & call_look_mask) << call_look_shift;
}

// The call word: which call of its group the process's one MPI call is (26 bits of the hash) and
// what it is (26 bits; 0: not comparable).
constexpr std::uint64_t hash_mask = (std::uint64_t{1} << 26) - 1;

std::uint64_t call_word(const TransportCall& call, std::uint64_t look) {
  if (call.what == 0) return 0;
  return with_look((call.which & hash_mask) | ((call.what & hash_mask) | 1) << 26, look);
}

// The group-call word: the low 32 bits of the group's id, the call's index among the group's
// collective calls (19 bits: compared modulo 2^19) and a bit that marks it set. The waiters
// word: a bit for each of the first 51 processes and the set bit.
constexpr unsigned group_bits = 32, index_bits = 19;
constexpr std::uint64_t index_mask = (std::uint64_t{1} << index_bits) - 1;
constexpr unsigned set_bit_at = group_bits + index_bits;
static_assert(set_bit_at < call_look_shift);
constexpr std::uint64_t set_bit = std::uint64_t{1} << set_bit_at;
constexpr int waiter_processes = set_bit_at;  // one bit each below the set bit

std::uint64_t group_call_word(const TransportCall& call, std::uint64_t look) {
  if (call.what == 0) return 0;
  return with_look(static_cast<std::uint32_t>(call.group) | (call.index & index_mask) << group_bits | set_bit, look);
}

std::uint64_t waiters_word(std::uint64_t processes, std::uint64_t look) {
  return with_look(processes | set_bit, look);
}

/// `word` (a call, group-call or waiters word of `finding`'s process) without its look if it
/// goes with that finding's look, else 0.
std::uint64_t at_look(std::uint64_t word, std::uint64_t finding) {
  const auto look = finding >> look_shift & field_mask;
  return (word >> call_look_shift) == (look & call_look_mask) ? word & ((std::uint64_t{1} << call_look_shift) - 1) : 0;
}

}  // namespace

// A job starts as running: its first worker zeroes the word, which reads as running as well.
PeerStates::PeerStates(const Job& job)
    : job_(job), serial_(job.serial() & field_mask), published_{encode({state_running, 0, 0, serial_, 0, 0}), 0} {}

bool PeerStates::none_can_go_on(const Finding& finding) {
  using Kind = Finding::Kind;
  ++looks_;
  auto kind = finding.kind;
  const auto& calls = finding.transport_calls;
  const std::uint64_t in_mpi = calls.empty() ? 0 : 1;
  // The others compare their calls with this process's one call, stuck or perhaps moving data,
  // and learn who waits for this process in calls it has not begun.
  const bool one_call = kind == Kind::stuck && calls.size() == 1;
  const auto call = one_call ? call_word(calls.front(), looks_) : 0;
  const auto group_call = one_call ? group_call_word(calls.front(), looks_) : 0;
  std::uint64_t waiters = 0;
  std::optional<Reading> now;
  if (kind == Kind::stuck && in_mpi) {
    now = read();
    waiters = waiters_word(waiting_for_this_one(*now), looks_);
    if (!each_waits_in_vain(calls, *now)) {  // may be moving data
      publish({encode({state_running, 0, in_mpi, serial_, 0, looks_}), call, group_call, waiters});
      before_.reset();
      return false;
    }
  }
  if (kind != Kind::stuck) {
    publish({encode({kind == Kind::returned ? state_returned : state_running, 0, 0, serial_, 0, 0}), 0, 0, 0});
    before_.reset();
    return false;
  }
  if (!before_) stuck_since_ = looks_;
  publish({encode({state_stuck, finding.threads_returned ? 1u : 0u, in_mpi, serial_, stuck_since_, looks_}), call,
           group_call, waiters});
  if (!now) now = read();
  bool none = before_ && none_can_go_on(*before_, *now);
  before_ = std::move(now);
  return none;
}

void PeerStates::publish(Words words) {
  const auto first_thread = job_.process() * job_.threads_per_process();
  // The call words first: a reader takes them with the finding of the same look only.
  auto store = [&](std::size_t slot, std::uint64_t word, std::uint64_t published) {
    if (word != published) job_.atomic(atomic_op::store, 8, false, first_thread, slot, word, 0);
  };
  store(SegmentLayout::liveness_call_slot, words.call, published_.call);
  store(SegmentLayout::liveness_group_call_slot, words.group_call, published_.group_call);
  store(SegmentLayout::liveness_waiters_slot, words.waiters, published_.waiters);
  if (words.finding != published_.finding)
    job_.atomic(atomic_op::store, 8, false, first_thread, SegmentLayout::liveness_slot, words.finding, 0);
  published_ = words;
}

PeerStates::Reading PeerStates::read() const {
  Reading words;
  for (int p = 0; p < job_.processes(); ++p) {
    const auto first_thread = p * job_.threads_per_process();
    // The finding first: a call word read after it is of its look or a later one.
    auto load = [&](std::size_t slot) { return job_.atomic(atomic_op::load, 8, false, first_thread, slot, 0, 0); };
    const auto finding = load(SegmentLayout::liveness_slot);
    words.push_back({finding, load(SegmentLayout::liveness_call_slot), load(SegmentLayout::liveness_group_call_slot),
                     load(SegmentLayout::liveness_waiters_slot)});
  }
  return words;
}

bool PeerStates::none_can_go_on(const Reading& before, const Reading& now) const {
  for (int p = 0; p < job_.processes(); ++p) {
    if (p == job_.process()) continue;
    auto then = decode(before[static_cast<std::size_t>(p)].finding);
    auto latest = decode(now[static_cast<std::size_t>(p)].finding);
    if (latest.serial != serial_) return false;  // still the word of an earlier job
    if (latest.kind == state_returned) continue;
    bool one_stretch = then.kind == state_stuck && latest.kind == state_stuck && then.serial == serial_ &&
                       then.since == latest.since && then.look != latest.look;
    if (!one_stretch) return false;
  }
  return true;
}

bool PeerStates::each_waits_in_vain(const std::vector<TransportCall>& calls, const Reading& reading) const {
  return std::ranges::all_of(calls, [&](const TransportCall& call) {
    const auto mine = call_word(call, 0);
    for (int p = 0; p < job_.processes() && p < max_watched_processes; ++p) {
      const auto& words = reading[static_cast<std::size_t>(p)];
      auto fields = decode(words.finding);
      if (p == job_.process() || (call.processes >> p & 1) == 0 || fields.serial != serial_) continue;
      if (fields.kind == state_returned || (fields.kind == state_stuck && fields.in_mpi == 0)) return true;
      const auto theirs = at_look(words.call, words.finding);
      const bool same_call = mine != 0 && theirs != 0 && (theirs & hash_mask) == (mine & hash_mask);
      if (fields.in_mpi != 0 && same_call && theirs != mine) return true;
      // Each waits for the other to begin its call, which neither can while it waits.
      const auto their_call = at_look(words.group_call, words.finding);
      const bool they_wait_for_this_one = their_call != 0 && has_not_begun(their_call);
      const bool this_one_waits_for_them = job_.process() < waiter_processes &&
                                           (at_look(words.waiters, words.finding) >> job_.process() & 1) != 0;
      if (fields.in_mpi != 0 && they_wait_for_this_one && this_one_waits_for_them) return true;
    }
    return false;
  });
}

std::uint64_t PeerStates::waiting_for_this_one(const Reading& reading) const {
  std::uint64_t processes = 0;
  for (int p = 0; p < job_.processes() && p < waiter_processes; ++p) {
    const auto& words = reading[static_cast<std::size_t>(p)];
    const auto fields = decode(words.finding);
    if (p == job_.process() || fields.serial != serial_ || fields.in_mpi == 0) continue;
    const auto their_call = at_look(words.group_call, words.finding);
    if (their_call != 0 && has_not_begun(their_call)) processes |= std::uint64_t{1} << p;
  }
  return processes;
}

bool PeerStates::has_not_begun(std::uint64_t group_call) const {
  const auto begun = job_.transport().collective_calls_begun(static_cast<std::uint32_t>(group_call));
  if (!begun) return false;  // not of that group (or it cannot tell which group that is)
  // Calls begun past that call's index, modulo 2^19: none, or "fewer than none".
  const auto past = (*begun - (group_call >> group_bits & index_mask)) & index_mask;
  return past == 0 || past > index_mask / 2;
}

PeerStates::Returned PeerStates::returned() const {
  Returned processes;
  if (!before_) return processes;
  for (int p = 0; p < job_.processes(); ++p) {
    auto fields = decode((*before_)[static_cast<std::size_t>(p)].finding);
    if (p == job_.process() || fields.serial != serial_) continue;
    if (fields.kind == state_returned) processes.whole.push_back(p);
    if (fields.kind == state_stuck && fields.threads_returned) processes.partly.push_back(p);
  }
  return processes;
}

}  // namespace pgasmr::pgas::detail
