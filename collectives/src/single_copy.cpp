#include "single_copy.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <system_error>
#include <vector>

#include <sys/uio.h>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>

#include "host_mailbox.hpp"
#include "mailbox.hpp"

namespace pgasmr::coll::detail {
namespace {

/// Copies at least this large are split between their two owners.
constexpr std::size_t split_bytes = std::size_t{64} << 10;

/// What a member posts in the first round: where the others read its private buffers (by
/// side) and where they write its destination, in its process.
struct Addresses {
  std::array<const std::byte*, 2> read;
  std::byte* write;
  bool staged = false;  // in place: the destination is read from the member's staging area
};

/// One end of a copy as the caller sees it: an address in this process (pid 0), or in process `pid`.
struct End {
  std::byte* at;
  pid_t pid;
};

/// Moves `bytes` from `from` to `to`, at most one of them in another process.
void move(End to, End from, std::size_t bytes) {
  if (to.pid == 0 && from.pid == 0) {
    std::memcpy(to.at, from.at, bytes);
    return;
  }
  while (bytes > 0) {
    iovec local{from.pid == 0 ? from.at : to.at, bytes};
    iovec remote{from.pid == 0 ? to.at : from.at, bytes};
    auto moved = from.pid == 0 ? process_vm_writev(to.pid, &local, 1, &remote, 1, 0)
                               : process_vm_readv(from.pid, &local, 1, &remote, 1, 0);
    if (moved <= 0)
      throw_error("collective", std::string("copy between processes failed: ") +
                                    std::system_category().message(moved < 0 ? errno : EIO));
    auto n = static_cast<std::size_t>(moved);
    to.at += n;
    from.at += n;
    bytes -= n;
  }
}

/// In place, the caller's destination as it was on entry: everyone reads this copy while the
/// buffer is overwritten. In the caller's staging area, which the others map (the staged path
/// is not running), unless it does not fit or the team is a twin (its progress thread runs
/// beside the caller's own collectives); else here, kept from call to call unless large.
thread_local std::vector<std::byte> snapshot;
constexpr std::size_t kept_snapshot = std::size_t{16} << 20;

/// Bytes of the caller's private destination that the plan reads.
std::size_t read_extent(const Plan& plan, pg::thread_id self) {
  std::size_t extent = 0;
  for (const auto& copy : plan.copies())
    if (copy.from.owner == self && !copy.from.shared && copy.from.side == Side::destination)
      extent = std::max(extent, copy.from.offset + copy.bytes);
  return extent;
}

class SingleCopy {
 public:
  SingleCopy(const Participants& p, Channel& channel, const Plan& plan, PrivateBuffers mine)
      : p_(p),
        me_(p.me()),
        channel_(channel),
        plan_(plan),
        mine_{{mine.source, mine.destination}, mine.destination},
        self_(me_.thread()) {}

  void run(Sync sync, Overlap overlap) {
    if (sync.in != InSync::none) p_.team().barrier();
    if (overlap == Overlap::in_place) {
      auto extent = read_extent(plan_, self_);
      std::byte* aside = nullptr;
      if (!p_.team().is_twin() && extent <= staging_capacity(me_)) {
        aside = pg::detail::staging_area(me_, self_).data();
        mine_.staged = true;
      } else {
        snapshot.resize(extent);
        aside = snapshot.data();
      }
      if (extent > 0) std::memcpy(aside, mine_.write, extent);
      mine_.read[static_cast<std::size_t>(Side::destination)] = aside;
    }
    run_rounds();
    if (snapshot.capacity() > kept_snapshot) std::vector<std::byte>().swap(snapshot);
  }

 private:
  void run_rounds() {
    auto index = channel_.mailbox_of(self_);
    {
      Mailbox::Round addresses(channel_.mailbox, me_, index);
      std::memcpy(addresses.open(), &mine_, sizeof mine_);
      addresses.post();
      CopyingPhase copying(channel_);
      for (const auto& copy : plan_.copies()) do_my_part(copy, addresses);
    }
    // Every member's copies are done once it posts in this round: when all have, nobody reads
    // or writes anyone's buffers, and every destination is complete (OutSync::all as well).
    Mailbox::Round done(channel_.mailbox, me_, index);
    done.open();
    done.post();
    for (int member = 0; member < channel_.mailbox.members(); ++member) done.await(member);
  }

  /// The caller's share of one copy: all of it as the destination's owner of a small copy or
  /// of its own, the first half of a large one as the source's owner, the second half as the
  /// destination's.
  void do_my_part(const Copy& copy, Mailbox::Round& addresses) {
    auto from_owner = copy.from.owner, to_owner = copy.to.owner;
    if (from_owner != self_ && to_owner != self_) return;
    if (from_owner == to_owner || copy.bytes < split_bytes) {
      if (to_owner == self_) move(end_of(copy.to, false, addresses), end_of(copy.from, true, addresses), copy.bytes);
      return;
    }
    auto half = copy.bytes / 2 / 64 * 64;  // on a cache line, so the two never share one
    std::size_t at = to_owner == self_ ? half : 0;
    auto bytes = to_owner == self_ ? copy.bytes - half : half;
    auto to = end_of(copy.to, false, addresses), from = end_of(copy.from, true, addresses);
    move({to.at + at, to.pid}, {from.at + at, from.pid}, bytes);
  }

  /// Where the caller reads (`read`) or writes `place`.
  End end_of(const Place& place, bool read, Mailbox::Round& addresses) const {
    if (place.shared) return {pg::detail::mapped_address(me_, place.owner, place.offset), 0};
    const auto& buffers = place.owner == self_
                              ? mine_
                              : *reinterpret_cast<const Addresses*>(addresses.await(channel_.mailbox_of(place.owner)));
    if (read && buffers.staged && place.side == Side::destination)
      return {pg::detail::staging_area(me_, place.owner).data() + place.offset, 0};
    auto* base = read ? const_cast<std::byte*>(buffers.read[static_cast<std::size_t>(place.side)]) : buffers.write;
    auto process = me_.process_of(place.owner);
    auto pid = process == me_.process() ? 0 : channel_.host_mailbox.pids[static_cast<std::size_t>(process)];
    return {base + place.offset, pid};
  }

  const Participants& p_;
  pg::Context& me_;
  Channel& channel_;
  const Plan& plan_;
  Addresses mine_;
  pg::thread_id self_;
};

}  // namespace

bool execute_single_copy(const Participants& p, Channel& channel, const Plan& plan, PrivateBuffers mine, Sync sync,
                         Overlap overlap) {
  if (channel.all_local || eager_limit() < sizeof(Addresses) || !mailbox_reaches_all(p, channel) ||
      channel.host_mailbox.pids.empty())
    return false;
  for (const auto& copy : plan.copies()) {
    if (!channel.member[static_cast<std::size_t>(copy.from.owner)] ||
        !channel.member[static_cast<std::size_t>(copy.to.owner)])
      return false;
    // In place, only private sources can be read from a snapshot.
    if (overlap == Overlap::in_place && (copy.from.shared || copy.to.shared)) return false;
  }
  try {
    SingleCopy(p, channel, plan, mine).run(sync, overlap);
  } catch (...) {
    // Our buffers die with the caller's frame: nobody may start copying from them.
    leave_by_exception(p.me(), channel);
    throw;
  }
  return true;
}

}  // namespace pgasmr::coll::detail
