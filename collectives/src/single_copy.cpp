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

#include "copy_shares.hpp"
#include "host_mailbox.hpp"
#include "mailbox.hpp"

namespace pgasmr::coll::detail {
namespace {

/// Copies at least this large may be split between their two owners (unless staged).
constexpr std::size_t split_bytes = std::size_t{64} << 10;

/// A member whose buffers others read at most this many bytes of copies them into its staging
/// area first, where the others read them with memcpy: for small copies two copies in the
/// caches cost less than one cross-memory attach, which maps the other process's pages on every
/// call. Measured on a 2-core host (2 x 1, pgasmr-bench-coll): staged ahead at 16 KiB a member
/// (broadcast 2.0-2.6 us against 3.4-4.0), behind from 64 KiB (9.4-11.2 against 5.2-5.3).
constexpr std::size_t staged_bytes = std::size_t{16} << 10;
// So a copy that may be split is staged only in place, and elsewhere no member waits for the
// others' addresses to learn how the copies are shared out.
static_assert(staged_bytes < split_bytes);

/// What a byte costs its mover through a cross-memory attach, which maps the other process's
/// pages on every call, in bytes copied with memcpy. Measured on a 2-core host (AMD EPYC, Linux
/// 6.18) with `pgasmr-bench-coll --threads 1 --benchmark_filter='^baseline/'`: 2.4x at 64 KiB,
/// 2.0x at 256 KiB, 1.7x at 1 MiB, 1.5x at 16 MiB.
constexpr std::size_t cross_process_cost = 2;

/// What a member posts in the first round: where the others read its private buffers (by
/// side) and where they write its destination, in its process.
struct Addresses {
  std::array<const std::byte*, 2> read;
  std::byte* write;
  bool staged = false;                // read from the member's staging area, at staged_at[side]
  std::array<std::size_t, 2> staged_at{};
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

/// In place, the caller's destination as it was on entry when it is not staged: everyone
/// reads this copy while the buffer is overwritten. Kept from call to call, unless large.
thread_local std::vector<std::byte> snapshot;
constexpr std::size_t kept_snapshot = std::size_t{16} << 20;

/// Bytes of the caller's private buffers, by side, that the plan reads.
std::array<std::size_t, 2> read_extents(const Plan& plan, pg::thread_id self) {
  std::array<std::size_t, 2> extents{};
  for (const auto& copy : plan.copies()) {
    if (copy.from.owner != self || copy.from.shared) continue;
    auto& extent = extents[static_cast<std::size_t>(copy.from.side)];
    extent = std::max(extent, copy.from.offset + copy.bytes);
  }
  return extents;
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

  /// Small reads, and in place every read, come from copies the caller makes first: in its
  /// staging area (which the others map; a twin's progress thread may not use it, since it runs
  /// beside the caller's own collectives), else, in place, in private memory.
  void run(Sync sync, Overlap overlap) {
    if (sync.in != InSync::none) p_.team().barrier();
    auto extents = read_extents(plan_, self_);
    constexpr std::size_t line = 64;
    auto destination_at = (extents[0] + line - 1) / line * line;
    auto total = destination_at + extents[1];
    in_place_ = overlap == Overlap::in_place;
    if ((in_place_ || total <= staged_bytes) && total <= staging_capacity(me_) && !p_.team().is_twin()) {
      auto* area = pg::detail::staging_area(me_, self_).data();
      for (auto side : {Side::source, Side::destination}) {
        auto s = static_cast<std::size_t>(side);
        mine_.staged_at[s] = side == Side::source ? 0 : destination_at;
        if (extents[s] > 0) std::memcpy(area + mine_.staged_at[s], mine_.read[s], extents[s]);
      }
      mine_.staged = true;
    } else if (in_place_) {
      auto d = static_cast<std::size_t>(Side::destination);
      snapshot.resize(extents[d]);
      if (extents[d] > 0) std::memcpy(snapshot.data(), mine_.write, extents[d]);
      mine_.read[d] = snapshot.data();
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
      auto copies = plan_.copies();
      auto shares = source_shares(
          copies, channel_.mailbox.members(), [&](pg::thread_id t) { return channel_.mailbox_of(t); },
          [&](const Copy& copy) { return splits(copy, addresses); },
          [&](const Copy& copy, pg::thread_id mover) { return cost(copy, mover); });
      for (std::size_t i = 0; i < copies.size(); ++i)
        do_my_part(copies[i], shares.empty() ? 0 : shares[i], addresses);
    }
    // Every member's copies are done once it posts in this round: when all have, nobody reads
    // or writes anyone's buffers, and every destination is complete (OutSync::all as well).
    Mailbox::Round done(channel_.mailbox, me_, index);
    done.open();
    done.post();
    for (int member = 0; member < channel_.mailbox.members(); ++member) done.await(member);
  }

  /// Whether both owners may move parts of `copy`: large, between members, and read from where
  /// its source's owner posted it rather than from a staged copy.
  bool splits(const Copy& copy, Mailbox::Round& addresses) const {
    if (copy.bytes < split_bytes) return false;
    return copy.from.shared || !in_place_ || !buffers_of(copy.from.owner, addresses).staged;
  }

  /// What a byte of `copy` costs member thread `mover`: more where one end is another process's
  /// private memory (shared segments are mapped).
  std::size_t cost(const Copy& copy, pg::thread_id mover) const {
    auto elsewhere = [&](const Place& place) {
      return !place.shared && me_.process_of(place.owner) != me_.process_of(mover);
    };
    return elsewhere(copy.from) || elsewhere(copy.to) ? cross_process_cost : 1;
  }

  /// The caller's part of one copy: as its source's owner the first `source_share` bytes, as
  /// its destination's owner the rest (all of a copy between its own buffers).
  void do_my_part(const Copy& copy, std::size_t source_share, Mailbox::Round& addresses) {
    auto from_owner = copy.from.owner, to_owner = copy.to.owner;
    std::size_t begin = 0, end = 0;
    if (to_owner == self_) {
      begin = from_owner == self_ ? 0 : source_share;
      end = copy.bytes;
    } else if (from_owner == self_) {
      end = source_share;
    }
    if (begin == end) return;
    auto to = end_of(copy.to, false, addresses), from = end_of(copy.from, true, addresses);
    move({to.at + begin, to.pid}, {from.at + begin, from.pid}, end - begin);
  }

  /// What member thread `owner` posted.
  const Addresses& buffers_of(pg::thread_id owner, Mailbox::Round& addresses) const {
    if (owner == self_) return mine_;
    return *reinterpret_cast<const Addresses*>(addresses.await(channel_.mailbox_of(owner)));
  }

  /// Where the caller reads (`read`) or writes `place`.
  End end_of(const Place& place, bool read, Mailbox::Round& addresses) const {
    if (place.shared) return {pg::detail::mapped_address(me_, place.owner, place.offset), 0};
    const auto& buffers = buffers_of(place.owner, addresses);
    if (read && buffers.staged) {
      auto at = buffers.staged_at[static_cast<std::size_t>(place.side)];
      return {pg::detail::staging_area(me_, place.owner).data() + at + place.offset, 0};
    }
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
  bool in_place_ = false;
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
