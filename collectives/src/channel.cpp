#include "channel.hpp"

#include <algorithm>
#include <exception>
#include <thread>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/topology.hpp>

namespace pgasmr::coll::detail {
namespace {

/// Fills the channel's view of the team.
void map_members(pg::Context& me, pg::Team& team, Channel& channel) {
  auto threads = me.threads();
  channel.member.assign(static_cast<std::size_t>(threads), false);
  channel.agent.assign(static_cast<std::size_t>(me.processes()), -1);
  std::vector<std::size_t> members_of(static_cast<std::size_t>(me.processes()), 0);
  for (auto thread : team.threads()) {
    channel.member[static_cast<std::size_t>(thread)] = true;
    auto& agent = channel.agent[static_cast<std::size_t>(me.process_of(thread))];
    if (agent < 0 || thread < agent) agent = thread;
    ++members_of[static_cast<std::size_t>(me.process_of(thread))];
  }
  channel.most_local_members = std::ranges::max(members_of);
  channel.local_index.assign(static_cast<std::size_t>(threads), -1);
  auto local = team.local_ranks();
  for (std::size_t i = 0; i < local.size(); ++i)
    channel.local_index[static_cast<std::size_t>(team.thread_of(local[i]))] = static_cast<int>(i);
  auto processes = team.processes();
  channel.group_rank.assign(static_cast<std::size_t>(me.processes()), -1);
  for (std::size_t g = 0; g < processes.size(); ++g)
    channel.group_rank[static_cast<std::size_t>(processes[g])] = static_cast<int>(g);
  channel.all_local = processes.size() == 1;
  int first_node = -1;
  for (pg::thread_id thread = 0; thread < threads; ++thread) {
    if (me.process_of(thread) != me.process()) continue;
    auto node = me.topology().of(thread).numa_node;
    if (node < 0) continue;
    if (first_node < 0) first_node = node;
    if (node != first_node) channel.numa_nodes = true;
  }
  channel.boards.resize(local.size());
  channel.routings.resize(local.size());
  channel.deposits.resize(local.size());
  if (channel.all_local) {
    channel.mailbox.size_for(static_cast<int>(local.size()));
    channel.mailbox_index = channel.local_index;
  }
}

}  // namespace

CopyingPhase::CopyingPhase(Channel& channel) : channel_(channel) {
  channel_.copying.fetch_add(1);
  if (channel_.closed.load()) {
    channel_.copying.fetch_sub(1);
    throw_error("collective", "job cancelled: a member left while the collective ran");
  }
}

void leave_by_exception(pg::Context& me, Channel& channel) noexcept {
  // Copies never block, so this wait ends.
  pg::detail::fail_job(me, std::current_exception());
  channel.closed.store(true);
  while (channel.copying.load() > 0) std::this_thread::yield();
}

Channel::~Channel() { host_mailbox.release(mailbox.drained()); }

Channel& channel_of(const Participants& participants) {
  auto& team = participants.team();
  auto& channel = team.extension<Channel>();
  if (!channel.mapped.load(std::memory_order_acquire)) {
    std::lock_guard guard(channel.mapping);
    if (!channel.mapped.load(std::memory_order_relaxed)) {
      map_members(participants.me(), team, channel);
      channel.mapped.store(true, std::memory_order_release);
    }
  }
  return channel;
}

}  // namespace pgasmr::coll::detail
