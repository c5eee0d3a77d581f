#include "host_mailbox.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include <sys/uio.h>
#include <unistd.h>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/process_group.hpp>

#include "channel.hpp"
#include "mailbox.hpp"
#include "participants.hpp"

namespace pgasmr::coll::detail {
namespace {

constexpr std::size_t most_areas = 8;  // teams using the host mailbox at once

/// Mailbox areas every thread keeps at the tail of its staging area: up to most_areas, in at
/// most half of it (0 without staging areas or without the eager path).
std::size_t areas_per_thread(const pg::Context& me) {
  if (eager_limit() == 0) return 0;
  return std::min(most_areas, pg::detail::staging_bytes(me) / 2 / Mailbox::area_bytes());
}

/// Area `index` of `thread`, as this process maps it.
std::byte* area_of(const pg::Context& me, pg::thread_id thread, int index) {
  auto staging = pg::detail::staging_area(me, thread);
  return staging.data() + staging.size() - static_cast<std::size_t>(index + 1) * Mailbox::area_bytes();
}

/// What a process tells the others of a team at its setup.
struct Introduction {
  int index;                   // of its members' mailbox areas, or -1
  pid_t pid;
  const std::uint64_t* probe;  // a word the others try to read from its memory
};

constexpr std::uint64_t probe_value = 0x70676173'6d72'0001;
const std::uint64_t probe_word = probe_value;

/// Every process's `mine`, by group rank.
template <class T>
std::vector<T> allgather(pg::ProcessGroup& group, const T& mine) {
  std::vector<std::byte> gathered;
  group.allgather_fixed(std::as_bytes(std::span(&mine, 1)), gathered);
  std::vector<T> all(static_cast<std::size_t>(group.size()));
  std::memcpy(all.data(), gathered.data(), all.size() * sizeof(T));
  return all;
}

/// True when this process can read every other's probe word (cross-memory attach allowed).
bool reads_others(const std::vector<Introduction>& all, int self) {
  for (std::size_t g = 0; g < all.size(); ++g) {
    if (static_cast<int>(g) == self) continue;
    std::uint64_t value = 0;
    iovec local{&value, sizeof value};
    iovec remote{const_cast<std::uint64_t*>(all[g].probe), sizeof value};
    if (process_vm_readv(all[g].pid, &local, 1, &remote, 1, 0) != static_cast<ssize_t>(sizeof value) ||
        value != probe_value)
      return false;
  }
  return true;
}

/// Run by the last local member: lends an index, prepares the local members' areas, learns the
/// other processes' indices and attaches the mailbox to every member's area.
void set_up(pg::Context& me, pg::Team& team, Channel& channel) {
  auto& areas = MailboxAreas::of_process();
  int index = areas.take(areas_per_thread(me));
  if (index >= 0)
    for (auto rank : team.local_ranks()) Mailbox::prepare_area(area_of(me, team.thread_of(rank), index));
  auto& group = *team.process_group();
  auto introductions = allgather(group, Introduction{index, getpid(), &probe_word});
  std::vector<int> indices;
  for (const auto& introduction : introductions) indices.push_back(introduction.index);
  auto can_read = allgather(group, static_cast<char>(reads_others(introductions, group.rank())));
  if (std::ranges::all_of(can_read, [](char reads) { return reads != 0; })) {
    channel.host_mailbox.pids.assign(static_cast<std::size_t>(me.processes()), 0);
    for (std::size_t g = 0; g < introductions.size(); ++g)
      channel.host_mailbox.pids[static_cast<std::size_t>(team.processes()[g])] = introductions[g].pid;
  }
  if (std::ranges::any_of(indices, [](int i) { return i < 0; })) {
    if (index >= 0) areas.give_back(index);
    channel.host_mailbox.decide(HostMailbox::State::unavailable);
    return;
  }
  std::vector<std::byte*> by_rank;
  channel.mailbox_index.assign(static_cast<std::size_t>(me.threads()), -1);
  for (int rank = 0; rank < team.size(); ++rank) {
    auto thread = team.thread_of(rank);
    auto group_rank = channel.group_rank[static_cast<std::size_t>(me.process_of(thread))];
    by_rank.push_back(area_of(me, thread, indices[static_cast<std::size_t>(group_rank)]));
    channel.mailbox_index[static_cast<std::size_t>(thread)] = rank;
  }
  channel.mailbox.attach(std::move(by_rank));
  channel.host_mailbox.hold(areas, index);
  channel.host_mailbox.decide(HostMailbox::State::ready);
}

/// True when every process of the team maps every other's segments and keeps mailbox areas;
/// every process decides alike.
bool possible(const pg::Context& me, pg::Team& team) {
  if (areas_per_thread(me) == 0 || !team.process_group()) return false;
  auto processes = team.processes();
  for (auto a : processes)
    for (auto b : processes)
      if (!pg::detail::shares_segments(me, a, b)) return false;
  return true;
}

}  // namespace

MailboxAreas& MailboxAreas::of_process() {
  static MailboxAreas areas;
  return areas;
}

int MailboxAreas::take(std::size_t count) {
  std::lock_guard guard(mutex_);
  if (lent_.size() < count) lent_.resize(count, false);
  auto free = std::find(lent_.begin(), lent_.begin() + static_cast<std::ptrdiff_t>(count), false);
  if (free == lent_.begin() + static_cast<std::ptrdiff_t>(count)) return -1;
  *free = true;
  return static_cast<int>(free - lent_.begin());
}

void MailboxAreas::give_back(int index) {
  std::lock_guard guard(mutex_);
  lent_[static_cast<std::size_t>(index)] = false;
}

void HostMailbox::hold(MailboxAreas& areas, int index) {
  areas_ = &areas;
  index_ = index;
}

void HostMailbox::release(bool drained) noexcept {
  if (areas_ && drained) areas_->give_back(index_);
  areas_ = nullptr;
}

bool mailbox_reaches_all(const Participants& p, Channel& channel) {
  if (channel.all_local) return true;
  auto state = channel.host_mailbox.state();
  if (state == HostMailbox::State::undecided) {
    auto& team = p.team();
    if (!possible(p.me(), team)) {
      channel.host_mailbox.decide(HostMailbox::State::unavailable);
      return false;
    }
    team.local_step([&] { set_up(p.me(), team, channel); });
    state = channel.host_mailbox.state();
  }
  return state == HostMailbox::State::ready;
}

std::size_t staging_capacity(const pg::Context& me) {
  return pg::detail::staging_bytes(me) - areas_per_thread(me) * Mailbox::area_bytes();
}

}  // namespace pgasmr::coll::detail
