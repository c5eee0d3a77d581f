#include "single_copy.hpp"

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

/// What a member posts in the first round: where its private buffers lie in its process.
struct Addresses {
  const std::byte* source;
  std::byte* destination;
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

class SingleCopy {
 public:
  SingleCopy(const Participants& p, Channel& channel, const Plan& plan, PrivateBuffers mine)
      : p_(p), me_(p.me()), channel_(channel), plan_(plan), mine_(mine), self_(me_.thread()) {}

  void run(Sync sync) {
    if (sync.in != InSync::none) p_.team().barrier();
    auto index = channel_.mailbox_of(self_);
    {
      Mailbox::Round addresses(channel_.mailbox, me_, index);
      Addresses posted{mine_.source, mine_.destination};
      std::memcpy(addresses.open(), &posted, sizeof posted);
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

 private:
  /// The caller's share of one copy: all of it as the destination's owner of a small copy or
  /// of its own, the first half of a large one as the source's owner, the second half as the
  /// destination's.
  void do_my_part(const Copy& copy, Mailbox::Round& addresses) {
    auto from_owner = copy.from.owner, to_owner = copy.to.owner;
    if (from_owner != self_ && to_owner != self_) return;
    if (from_owner == to_owner || copy.bytes < split_bytes) {
      if (to_owner == self_) move(end_of(copy.to, addresses), end_of(copy.from, addresses), copy.bytes);
      return;
    }
    auto half = copy.bytes / 2 / 64 * 64;  // on a cache line, so the two never share one
    std::size_t at = to_owner == self_ ? half : 0;
    auto bytes = to_owner == self_ ? copy.bytes - half : half;
    auto to = end_of(copy.to, addresses), from = end_of(copy.from, addresses);
    move({to.at + at, to.pid}, {from.at + at, from.pid}, bytes);
  }

  End end_of(const Place& place, Mailbox::Round& addresses) const {
    if (place.shared) return {pg::detail::mapped_address(me_, place.owner, place.offset), 0};
    const Addresses* buffers = nullptr;
    Addresses own{mine_.source, mine_.destination};
    if (place.owner == self_) {
      buffers = &own;
    } else {
      buffers = reinterpret_cast<const Addresses*>(addresses.await(channel_.mailbox_of(place.owner)));
    }
    auto* base = place.side == Side::source ? const_cast<std::byte*>(buffers->source) : buffers->destination;
    auto process = me_.process_of(place.owner);
    auto pid = process == me_.process() ? 0 : channel_.host_mailbox.pids[static_cast<std::size_t>(process)];
    return {base + place.offset, pid};
  }

  const Participants& p_;
  pg::Context& me_;
  Channel& channel_;
  const Plan& plan_;
  PrivateBuffers mine_;
  pg::thread_id self_;
};

}  // namespace

bool execute_single_copy(const Participants& p, Channel& channel, const Plan& plan, PrivateBuffers mine, Sync sync,
                         Overlap overlap) {
  if (channel.all_local || overlap != Overlap::none || eager_limit() < sizeof(Addresses) ||
      !mailbox_reaches_all(p, channel) || channel.host_mailbox.pids.empty())
    return false;
  for (const auto& copy : plan.copies())
    if (!channel.member[static_cast<std::size_t>(copy.from.owner)] ||
        !channel.member[static_cast<std::size_t>(copy.to.owner)])
      return false;
  try {
    SingleCopy(p, channel, plan, mine).run(sync);
  } catch (...) {
    // Our buffers die with the caller's frame: nobody may start copying from them.
    leave_by_exception(p.me(), channel);
    throw;
  }
  return true;
}

}  // namespace pgasmr::coll::detail
