#include "eager.hpp"

#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>

#include <pgasmr/pgas/detail/core.hpp>

namespace pgasmr::coll::detail {
namespace {

/// The bytes of one copy's source.
struct Source {
  bool shared;
  Side side;
  std::size_t offset;
  std::size_t bytes;
  friend bool operator==(const Source&, const Source&) = default;
};

/// How one copy's destination owner gets the bytes.
struct Delivery {
  bool direct;         // from the owner's own buffer (it is its own source)
  bool fresh;          // the first copy of these bytes into the source owner's slot
  std::size_t at = 0;  // where they lie in the source owner's slot
};

/// What one member posts: `used` bytes, the last source placed (copies of the same bytes to
/// several members, as in broadcast and allgather, follow each other: they share one place).
struct Posting {
  std::size_t used = 0;
  Source last{};
  std::size_t last_at = 0;
};

/// Per-thread scratch, reused from call to call so that the eager path allocates nothing.
struct Scratch {
  std::vector<Delivery> deliveries;  // by copy
  std::vector<Posting> postings;     // by local index
};

/// Plans the slots: false when some end lies with a non-member or a member's post would not fit.
bool plan_slots(const Channel& channel, const Plan& plan, Overlap overlap, Scratch& scratch) {
  auto limit = eager_limit();
  const auto& copies = plan.copies();
  scratch.deliveries.resize(copies.size());
  scratch.postings.assign(static_cast<std::size_t>(channel.mailbox.members()), {});
  // Private places belong to members; a shared one may lie in a non-member's segment.
  auto outside = [&](const Place& place) {
    return place.shared && !channel.member[static_cast<std::size_t>(place.owner)];
  };
  for (std::size_t i = 0; i < copies.size(); ++i) {
    const auto& copy = copies[i];
    if (outside(copy.from) || outside(copy.to)) return false;
    auto& delivery = scratch.deliveries[i];
    // In place, a member's own bytes go through its slot too: they are read before it writes.
    if (copy.from.owner == copy.to.owner && overlap == Overlap::none) {
      delivery = {true, false};
      continue;
    }
    auto& posting = scratch.postings[static_cast<std::size_t>(channel.mailbox_of(copy.from.owner))];
    Source source{copy.from.shared, copy.from.side, copy.from.offset, copy.bytes};
    if (posting.used > 0 && posting.last == source) {
      delivery = {false, false, posting.last_at};
      continue;
    }
    if (copy.bytes > limit - posting.used) return false;
    delivery = {false, true, posting.used};
    posting.last = source;
    posting.last_at = posting.used;
    posting.used += copy.bytes;
  }
  return true;
}

/// The caller's address of a place of its own (private) or of this process's shared memory.
std::byte* address(pg::Context& me, const Place& place, PrivateBuffers mine) {
  if (place.shared) return pg::detail::direct_address(me, place.owner, place.offset);
  auto* base = place.side == Side::source ? const_cast<std::byte*>(mine.source) : mine.destination;
  return base + place.offset;
}

/// Copies the caller's fresh sources into its slot, merging runs that are contiguous on both sides.
void fill_slot(pg::Context& me, const Plan& plan, const Scratch& scratch, PrivateBuffers mine, std::byte* slot) {
  auto self = me.thread();
  const auto& copies = plan.copies();
  const std::byte* run_from = nullptr;
  std::size_t run_at = 0, run_bytes = 0;
  for (std::size_t i = 0; i < copies.size(); ++i) {
    const auto& delivery = scratch.deliveries[i];
    if (!delivery.fresh || copies[i].from.owner != self) continue;
    const auto* from = address(me, copies[i].from, mine);
    if (run_bytes > 0 && from == run_from + run_bytes && delivery.at == run_at + run_bytes) {
      run_bytes += copies[i].bytes;
      continue;
    }
    if (run_bytes > 0) std::memcpy(slot + run_at, run_from, run_bytes);
    run_from = from;
    run_at = delivery.at;
    run_bytes = copies[i].bytes;
  }
  if (run_bytes > 0) std::memcpy(slot + run_at, run_from, run_bytes);
}

/// Bytes a member may post in one round of a gather through the mailbox (after their size), or
/// nothing when the mailbox does not reach every member or the eager path is off.
std::optional<std::size_t> gather_room(const Participants& p, Channel& channel) {
  auto limit = eager_limit();
  if (limit < sizeof(std::uint64_t) || !mailbox_reaches_all(p, channel)) return std::nullopt;
  return limit - sizeof(std::uint64_t);
}

/// Posts the caller's slot: the size, then the bytes if they fit (readers learn from the size
/// whether they do).
void post_sized(Mailbox::Round& round, std::span<const std::byte> mine, std::size_t room) {
  auto* slot = round.open();
  std::uint64_t size = mine.size();
  std::memcpy(slot, &size, sizeof size);
  if (mine.size() <= room && !mine.empty()) std::memcpy(slot + sizeof size, mine.data(), mine.size());
  round.post();
}

/// The size a member posted, and where its bytes lie.
std::pair<std::size_t, const std::byte*> posted(const std::byte* slot) {
  std::uint64_t size = 0;
  std::memcpy(&size, slot, sizeof size);
  return {static_cast<std::size_t>(size), slot + sizeof size};
}

/// A member that is not the only reader may leave once it has posted, if it contributes bytes (so
/// it need not learn whether everyone's are empty) and every member's fit by `readers.bound` (so
/// nobody needs it for the way round too large posts).
bool may_leave(const Participants& p, std::span<const std::byte> mine, Readers readers, std::size_t room) {
  return readers.only >= 0 && readers.only != p.mine() && !mine.empty() && readers.bound > 0 && readers.bound <= room;
}

}  // namespace

bool execute_eager(const Participants& p, Channel& channel, const Plan& plan, PrivateBuffers mine, Sync sync,
                   Overlap overlap) {
  if (eager_limit() == 0 || !mailbox_reaches_all(p, channel)) return false;
  auto& me = p.me();
  thread_local Scratch scratch;
  if (!plan_slots(channel, plan, overlap, scratch)) return false;

  if (sync.in != InSync::none) p.team().barrier();
  auto self = me.thread();
  auto index = channel.mailbox_of(self);
  {
    Mailbox::Round round(channel.mailbox, me, index);
    // Those that post nothing only read: nobody they read from waits for them.
    bool reader_only = scratch.postings[static_cast<std::size_t>(index)].used == 0;
    if (!reader_only) {
      fill_slot(me, plan, scratch, mine, round.open());
      round.post();
    }
    const auto& copies = plan.copies();
    for (std::size_t i = 0; i < copies.size(); ++i) {
      const auto& copy = copies[i];
      if (copy.to.owner != self) continue;
      const auto& delivery = scratch.deliveries[i];
      const std::byte* from = delivery.direct
                                  ? address(me, copy.from, mine)
                                  : round.await(channel.mailbox_of(copy.from.owner), reader_only) + delivery.at;
      std::memcpy(address(me, copy.to, mine), from, copy.bytes);
    }
  }
  if (sync.out == OutSync::all) p.team().barrier();
  return true;
}

EagerGather allgather_eager(const Participants& p, std::span<const std::byte> mine, std::pmr::vector<std::byte>& everyone,
                            std::pmr::vector<std::size_t>& sizes, Readers readers) {
  auto& channel = channel_of(p);
  auto room = gather_room(p, channel);
  if (!room) return EagerGather::unavailable;
  Mailbox::Round round(channel.mailbox, p.me(), channel.mailbox_of(p.me().thread()));
  post_sized(round, mine, *room);
  if (may_leave(p, mine, readers, *room)) return EagerGather::left;

  sizes.assign(static_cast<std::size_t>(p.count()), 0);
  std::size_t total = 0;
  bool fit = true;
  for (int m = 0; m < p.count(); ++m) {
    if (!p.takes_part(m)) continue;
    auto theirs = posted(round.await(channel.mailbox_of(p.thread_of(m)), readers.only == p.mine())).first;
    sizes[static_cast<std::size_t>(m)] = theirs;
    total += theirs;
    fit = fit && theirs <= *room;
  }
  if (!fit) return EagerGather::too_large;
  everyone.resize(total);
  std::size_t at = 0;
  for (int m = 0; m < p.count(); ++m) {
    auto bytes = sizes[static_cast<std::size_t>(m)];
    if (bytes == 0) continue;
    std::memcpy(everyone.data() + at, posted(round.await(channel.mailbox_of(p.thread_of(m)))).second, bytes);
    at += bytes;
  }
  return EagerGather::gathered;
}

EagerGather visit_small_eager(const Participants& p, std::span<const std::byte> mine, Readers readers,
                              SmallTaker take) {
  auto& channel = channel_of(p);
  auto room = gather_room(p, channel);
  // Every member decides alike: the bound and the slot's room are the same everywhere.
  if (!room || readers.bound == 0 || readers.bound > *room) return EagerGather::unavailable;
  Mailbox::Round round(channel.mailbox, p.me(), channel.mailbox_of(p.me().thread()));
  post_sized(round, mine, *room);
  if (may_leave(p, mine, readers, *room)) return EagerGather::left;
  for (int m = 0; m < p.count(); ++m) {
    if (!p.takes_part(m)) continue;
    // The only reader: the others (those that leave at once) do not wait for it.
    auto [size, bytes] = posted(round.await(channel.mailbox_of(p.thread_of(m)), readers.only == p.mine()));
    if (size > 0) take.take(take.context, {bytes, size});
  }
  return EagerGather::gathered;
}

}  // namespace pgasmr::coll::detail
