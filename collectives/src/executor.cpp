#include "executor.hpp"

#include "agreement.hpp"
#include "channel.hpp"
#include "eager.hpp"
#include "host_mailbox.hpp"
#include "inter_process.hpp"
#include "numa_relay.hpp"
#include "routing.hpp"
#include "single_copy.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory_resource>
#include <mutex>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/process_group.hpp>
#include <pgasmr/pgas/topology.hpp>

namespace pgasmr::coll::detail {
namespace {

constexpr std::size_t line = 64;  // cache line

/// Private bytes between the processes of a host are staged (two barriers of the team) only
/// when some member stages at least this many; less goes packed in the leaders' one MPI call,
/// which costs less. An estimate from a busy 2-core machine (Open MPI 4.1, vader), not yet a
/// measured cross-over point.
constexpr std::size_t least_staged_bytes = std::size_t{8} << 10;

/// Between processes that do not share segments, when some process's streams (sent and
/// received) carry at least this many bytes, MPI reads and writes the members' memory in place
/// instead of packing and unpacking. Measured cross-over (2 x 1, allgather_v and exchange, Open
/// MPI 4.1): over vader both ways took the same at 8 KiB of traffic, in place 1.3x faster at
/// 32 KiB; over TCP the same up to 32 KiB.
constexpr std::size_t least_direct_stream_bytes = std::size_t{16} << 10;

/// Whether MPI moves `table`'s streams (bytes from group rank g to q at [g * groups + q]) in
/// place: decided from the whole table, which every process holds alike, because all processes
/// must make the same MPI call (an MPI_Alltoallw on one and an MPI_Alltoallv on another wait for
/// each other forever). A stream beyond an MPI count (int) goes packed: the transport moves a
/// packed broadcast in pieces.
bool moves_in_place(std::span<const std::size_t> table, std::size_t groups) {
  std::size_t busiest = 0;
  for (std::size_t g = 0; g < groups; ++g) {
    std::size_t traffic = 0;
    for (std::size_t q = 0; q < groups; ++q) {
      if (table[g * groups + q] > static_cast<std::size_t>(INT_MAX)) return false;
      traffic += table[g * groups + q] + table[q * groups + g];
    }
    busiest = std::max(busiest, traffic);
  }
  return busiest >= least_direct_stream_bytes;
}

class Execution {
 public:
  Execution(const Participants& participants, Channel& channel, const Plan& plan, PrivateBuffers mine, Overlap overlap)
      : requested_(participants.algorithm()),
        me_(participants.me()),
        team_(participants.team()),
        plan_(plan),
        overlap_(overlap),
        channel_(channel),
        routing_(plan.copies().size() <= Routing::most_kept_copies
                     ? channel.routings[static_cast<std::size_t>(participants.team().local_index())]
                     : own_routing_),
        member_(channel_.member),
        agent_(channel_.agent),
        group_rank_(channel_.group_rank) {
    auto& board = channel_.boards[static_cast<std::size_t>(team_.local_index())];
    parity_ = board.calls++ & 1;
    board.buffers[parity_] = {const_cast<std::byte*>(mine.source), mine.destination};
    route();
    // Relays need copies between threads on different known NUMA nodes of this process.
    if (overlap_ == Overlap::none && channel_.numa_nodes) plan_relays();
  }

  void run(Sync sync) {
    try {
      run_phases(sync);
    } catch (...) {
      // Our buffers die with the caller's frame: nobody may start copying from them.
      leave_by_exception(me_, channel_);
      throw;
    }
  }

 private:
  void run_phases(Sync sync) {
    auto* group = team_.process_group();
    bool cross = group && routing_.crosses;
    if (cross) {
      traffic_ = {channel_.send.data(), routing_.send_counts, routing_.send_displacements,
                  channel_.recv.data(), routing_.recv_counts, routing_.recv_displacements,
                  routing_.broadcast_root, routing_.stream_table};
      algorithm_ = choose(requested_, traffic_);
      one_call_ = one_call_for(algorithm_, traffic_);
      bool direct = one_call_ != OneCall::none && moves_in_place(routing_.stream_table, routing_.send_counts.size());
      // In place, the sources must be read before anything is written: they are packed first.
      // MPI may still write the destinations when only this process's members read its memory,
      // as they all have by the leaders' call.
      direct_sends_ = direct && overlap_ == Overlap::none;
      direct_receives_ = direct && (overlap_ == Overlap::none || !copies_outside_exchange());
      team_.local_step([&] {
        if (!direct_sends_) channel_.send.resize(total(routing_.send_counts));
        if (!direct_receives_) channel_.recv.resize(total(routing_.recv_counts));
      });
    }
    if (sync.in != InSync::none)
      team_.barrier();
    else if (!cross)
      team_.local_step({});  // the members' buffer addresses must be visible before anyone reads

    {
      CopyingPhase copying(channel_);
      read_phase();
    }
    if (relayed_) {
      team_.local_step({});  // every NUMA node's first copy is done
      CopyingPhase copying(channel_);
      relay_phase();
    }
    // Two pointers: std::function keeps them without allocating.
    if (cross) team_.local_step([this, group] { move_streams(*group); });
    // In place, every read everywhere must precede any write. Where every copy between
    // processes travels through the leaders' exchange, the local step above ordered this
    // process's reads before its writes, and nobody else touches its memory. The exchange orders
    // nothing else: a sender's MPI call may return before a receiver has even entered it, and a
    // one-sided write could then overtake another process's one-sided read. Staged bytes must all
    // be in the staging areas before the other processes of the host copy them out.
    if ((overlap_ == Overlap::in_place && (!cross || copies_outside_exchange())) ||
        routing_.staged_between_processes)
      team_.barrier();
    {
      CopyingPhase copying(channel_);
      write_phase();
    }

    // Members of other processes may still read or write the caller's shared memory, or its
    // staging area, which its next call reuses: with any such copy, everyone waits for all.
    if (sync.out == OutSync::all || routing_.direct_between_processes)
      team_.barrier();
    else
      team_.local_step({});  // nobody may still be reading the caller's private buffers
  }

  /// The leader's part: this process's streams to and from the others, in one MPI call or by
  /// the chosen algorithm.
  void move_streams(pg::ProcessGroup& group) {
    if (direct_receives_) {
      auto pieces = stream_pieces();
      if (one_call_ == OneCall::alltoall) return group.alltoall_pieces(pieces.send, pieces.receive);
      // A broadcast's root sends every other process the same pieces.
      auto root = static_cast<std::size_t>(routing_.broadcast_root);
      auto sent = std::ranges::find_if(pieces.send, [](const auto& stream) { return !stream.empty(); });
      return group.broadcast_pieces(sent == pieces.send.end() ? pg::ProcessGroup::SendPieces{} : *sent,
                                    pieces.receive[root], routing_.broadcast_root);
    }
    traffic_.send = channel_.send.data();  // sized by the first local step
    traffic_.receive = channel_.recv.data();
    move_between_processes(group, traffic_, algorithm_);
  }

  /// Whether some copy between processes bypasses the leaders' exchange: through a mapped
  /// segment, or one-sided.
  bool copies_outside_exchange() const {
    return routing_.direct_between_processes || routing_.one_sided_between_processes;
  }

  /// The member that acts for `owner`'s side: the owner itself if it is a member, else the
  /// first member in its process (-1 when that process has none).
  pg::thread_id agent_for(pg::thread_id owner) const {
    if (member_[static_cast<std::size_t>(owner)]) return owner;
    return agent_[static_cast<std::size_t>(me_.process_of(owner))];
  }

  /// Routes the plan, or takes the routing this member kept from its last call of the same copies.
  void route() {
    if (routing_.routes(plan_.copies())) return;
    routing_.clear();
    route_copies();
    if (&routing_ != &own_routing_) routing_.keep(plan_.copies());
  }

  void route_copies() {
    const auto groups = team_.processes().size();
    // The first copy of a source's bytes bound for a process packs them into that stream; later
    // copies of the same bytes to the same process read them where they arrive. By source place,
    // length and receiving group: the packing task.
    std::pmr::map<std::pair<Copy::Source, int>, std::size_t> packing(&arena_);
    std::pmr::vector<std::size_t> packs(&arena_);  // the packing tasks, in stream order
    routing_.tasks.reserve(plan_.copies().size());
    std::pmr::vector<StagingPlace> staging(&arena_);
    bool stage = plan_staging(staging);
    for (std::size_t i = 0; i < plan_.copies().size(); ++i) {
      const auto& copy = plan_.copies()[i];
      Task task{};
      auto from_process = me_.process_of(copy.from.owner);
      auto to_process = me_.process_of(copy.to.owner);
      auto source = agent_for(copy.from.owner);
      auto target = agent_for(copy.to.owner);
      bool mapped = source >= 0 && target >= 0 && pg::detail::shares_segments(me_, from_process, to_process);
      if (mapped && from_process == to_process) {
        task = {Route::local, target, -1};
      } else if (mapped && (copy.from.shared || copy.to.shared)) {
        // The side with the private end copies; the other end is in a segment it maps.
        task = {Route::local, copy.from.shared ? target : source, -1};
        routing_.direct_between_processes = true;
      } else if (mapped && stage) {
        task = {Route::staged, target, source};
        task.stream_offset = staging[i].at;
        task.packs = staging[i].packs;
        routing_.direct_between_processes = routing_.staged_between_processes = true;
      } else if (source >= 0 && target >= 0) {
        task = {Route::packed, target, source};
        if (routing_.stream_table.empty()) routing_.stream_table.assign(groups * groups, 0);
        task.from_group = group_rank_[static_cast<std::size_t>(from_process)];
        task.to_group = group_rank_[static_cast<std::size_t>(to_process)];
        auto key = std::pair(copy.source(), task.to_group);
        auto [at, fresh] = packing.try_emplace(key, i);
        task.packs = fresh;
        task.packing_task = at->second;
        if (fresh) {
          auto& stream = routing_.stream_table[static_cast<std::size_t>(task.from_group) * groups +
                                               static_cast<std::size_t>(task.to_group)];
          task.stream_offset = stream;
          stream += copy.bytes;
          packs.push_back(i);
        } else {
          task.stream_offset = routing_.tasks[at->second].stream_offset;
        }
        routing_.crosses = true;
      } else if (target >= 0) {
        task = {Route::get, target, -1};
        routing_.one_sided_between_processes = true;
      } else if (source >= 0) {
        task = {Route::put, source, -1};
        routing_.one_sided_between_processes = true;
      } else {
        task = {Route::remote, team_.thread_of(0), -1};
        routing_.one_sided_between_processes = true;
      }
      routing_.tasks.push_back(task);
    }
    if (!routing_.crosses) return;
    auto mine = static_cast<std::size_t>(group_rank_[static_cast<std::size_t>(me_.process())]);
    routing_.send_counts.reserve(groups);
    routing_.recv_counts.reserve(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      routing_.send_counts.push_back(routing_.stream_table[mine * groups + g]);
      routing_.recv_counts.push_back(routing_.stream_table[g * groups + mine]);
    }
    displacements(routing_.send_counts, routing_.send_displacements);
    displacements(routing_.recv_counts, routing_.recv_displacements);
    routing_.broadcast_root = broadcast_sender(packs, groups);
  }

  struct StagingPlace {
    std::size_t at = 0;  // in the source owner's staging area
    bool packs = false;  // the first copy of these bytes: it puts them there
  };

  /// Places the private sources bound for private destinations in other processes of the host
  /// in their owners' staging areas, each distinct source once (a broadcast stages its bytes
  /// once for all). False when some owner's area cannot hold its share, or no owner's share
  /// reaches least_staged_bytes: then they all travel packed, like the traffic between hosts.
  /// Every process decides alike.
  bool plan_staging(std::pmr::vector<StagingPlace>& staging) {
    auto capacity = staging_capacity(me_);
    if (capacity == 0) return false;  // no process maps another's segments
    // A twin runs non-blocking collectives on progress threads, beside their callers' own
    // collectives, which may be using the same threads' staging areas.
    if (team_.is_twin()) return false;
    const auto& copies = plan_.copies();
    staging.assign(copies.size(), {});
    std::pmr::map<Copy::Source, std::size_t> placed(&arena_);
    std::pmr::map<pg::thread_id, std::size_t> used(&arena_);  // by source owner
    std::size_t largest = 0;
    for (std::size_t i = 0; i < copies.size(); ++i) {
      const auto& copy = copies[i];
      auto from_process = me_.process_of(copy.from.owner);
      auto to_process = me_.process_of(copy.to.owner);
      if (copy.from.shared || copy.to.shared || from_process == to_process ||
          !pg::detail::shares_segments(me_, from_process, to_process))
        continue;
      auto& end = used[copy.from.owner];
      auto [at, fresh] = placed.try_emplace(copy.source(), end);
      if (fresh) end += (copy.bytes + line - 1) / line * line;  // each source on its own lines
      if (end > capacity) return false;
      largest = std::max(largest, end);
      staging[i] = {at->second, fresh};
    }
    return largest >= least_staged_bytes;
  }

  /// The only sending process group rank if it sends every other process the same bytes, else
  /// -1. `packs`: the packing tasks in stream order; each receiver's stream must carry the same
  /// sources in the same order as the first receiver's.
  int broadcast_sender(std::span<const std::size_t> packs, std::size_t groups) {
    if (packs.empty()) return -1;
    const int sender = routing_.tasks[packs.front()].from_group;
    const int first = sender == 0 ? 1 : 0;
    std::pmr::vector<std::size_t> first_stream(&arena_);
    for (auto i : packs) {
      if (routing_.tasks[i].from_group != sender) return -1;
      if (routing_.tasks[i].to_group == first) first_stream.push_back(i);
    }
    std::pmr::vector<std::size_t> matched(groups, 0, &arena_);  // by receiver: its packs so far
    for (auto i : packs) {
      auto& n = matched[static_cast<std::size_t>(routing_.tasks[i].to_group)];
      if (n == first_stream.size() || plan_.copies()[i].source() != plan_.copies()[first_stream[n]].source())
        return -1;
      ++n;
    }
    for (std::size_t g = 0; g < groups; ++g)
      if (static_cast<int>(g) != sender && matched[g] != first_stream.size()) return -1;
    return sender;
  }

  /// The NUMA level: in-process copies of one source by threads on other NUMA nodes go through
  /// one copy per node (numa_relay.hpp).
  void plan_relays() {
    const auto& topology = me_.topology();
    std::vector<LocalRead> reads;
    std::vector<std::size_t> task_of;
    std::map<Copy::Source, std::size_t> sources;
    for (std::size_t i = 0; i < routing_.tasks.size(); ++i) {
      const auto& task = routing_.tasks[i];
      const auto& from = plan_.copies()[i].from;
      if (task.route != Route::local || me_.process_of(task.executor) != me_.process() ||
          me_.process_of(from.owner) != me_.process())
        continue;
      auto source = sources.try_emplace(plan_.copies()[i].source(), sources.size()).first->second;
      reads.push_back({source, topology.of(from.owner).numa_node, task.executor, topology.of(task.executor).numa_node});
      task_of.push_back(i);
    }
    auto relays = numa_relays(reads);
    relay_.assign(routing_.tasks.size(), -1);
    for (std::size_t r = 0; r < relays.size(); ++r) {
      if (relays[r] < 0) continue;
      relay_[task_of[r]] = static_cast<long>(task_of[static_cast<std::size_t>(relays[r])]);
      relayed_ = true;
    }
  }

  static std::size_t total(std::span<const std::size_t> counts) {
    std::size_t sum = 0;
    for (auto c : counts) sum += c;
    return sum;
  }
  static void displacements(std::span<const std::size_t> counts, std::vector<std::size_t>& result) {
    std::size_t at = 0;
    for (auto count : counts) {
      result.push_back(at);
      at += count;
    }
  }

  /// Address in this process of a place it maps (private places: of this process's members).
  std::byte* address(const Place& place) const {
    if (place.shared) return pg::detail::mapped_address(me_, place.owner, place.offset);
    auto local = channel_.local_of(place.owner);
    auto* base = channel_.boards[static_cast<std::size_t>(local)].buffers[parity_][static_cast<std::size_t>(place.side)];
    return base + place.offset;
  }

  /// This process's streams as pieces of its members' memory, in stream order (the order in
  /// which route_copies() placed them): sent from the sources of the copies that pack (in place,
  /// from the send buffer they were packed into), received at their destinations (the other
  /// copies of the same bytes copy from there in write_phase).
  struct StreamPieces {
    std::vector<pg::ProcessGroup::SendPieces> send;
    std::vector<pg::ProcessGroup::ReceivePieces> receive;
  };
  StreamPieces stream_pieces() const {
    StreamPieces pieces{std::vector<pg::ProcessGroup::SendPieces>(routing_.send_counts.size()),
                        std::vector<pg::ProcessGroup::ReceivePieces>(routing_.recv_counts.size())};
    if (!direct_sends_)  // sent from the channel's send buffer, where read_phase() packed them
      for (std::size_t g = 0; g < routing_.send_counts.size(); ++g)
        if (routing_.send_counts[g] != 0)
          pieces.send[g].push_back({channel_.send.data() + routing_.send_displacements[g], routing_.send_counts[g]});
    auto mine = group_rank_[static_cast<std::size_t>(me_.process())];
    for (std::size_t i = 0; i < routing_.tasks.size(); ++i) {
      const auto& task = routing_.tasks[i];
      if (task.route != Route::packed || !task.packs) continue;
      const auto& copy = plan_.copies()[i];
      if (task.from_group == mine && direct_sends_)
        append(pieces.send[static_cast<std::size_t>(task.to_group)], address(copy.from), copy.bytes);
      if (task.to_group == mine)
        append(pieces.receive[static_cast<std::size_t>(task.from_group)], address(copy.to), copy.bytes);
    }
    return pieces;
  }
  /// Adds a piece to a stream, joined to the last one where they touch.
  template <class Byte>
  static void append(std::vector<pg::ProcessGroup::Piece<Byte>>& pieces, std::type_identity_t<Byte>* data,
                     std::size_t bytes) {
    if (!pieces.empty() && pieces.back().data + pieces.back().bytes == data)
      pieces.back().bytes += bytes;
    else
      pieces.push_back({data, bytes});
  }

  /// Reads what the caller moves: copies it straight to its destination, or (in place, or
  /// through MPI) into a staging buffer written in write_phase.
  void read_phase() {
    auto self = me_.thread();
    bool staged = overlap_ == Overlap::in_place;
    for (std::size_t i = 0; i < routing_.tasks.size(); ++i) {
      const auto& task = routing_.tasks[i];
      const auto& copy = plan_.copies()[i];
      if (task.route == Route::packed) {
        if (task.packer == self && task.packs && !direct_sends_) {
          auto* out = channel_.send.data() + routing_.send_displacements[static_cast<std::size_t>(task.to_group)] +
                      task.stream_offset;
          std::memcpy(out, address(copy.from), copy.bytes);
        }
        continue;
      }
      if (task.route == Route::staged) {
        if (task.packer == self && task.packs)
          std::memcpy(pg::detail::staging_area(me_, self).data() + task.stream_offset, address(copy.from), copy.bytes);
        continue;
      }
      if (task.executor != self) continue;
      if (!staged) {
        if (!relayed_ || relay_[i] < 0) move(task, copy, nullptr);
        continue;
      }
      auto at = staging_.size();
      staging_.resize(at + copy.bytes);
      if (task.route == Route::local || task.route == Route::put)
        std::memcpy(staging_.data() + at, address(copy.from), copy.bytes);
      else
        pg::detail::get_bytes(me_, staging_.data() + at, copy.from.owner, copy.from.offset, copy.bytes);
      staged_.push_back({i, at});
    }
  }

  /// The NUMA level's second step: copies from the node's first copy.
  void relay_phase() {
    auto self = me_.thread();
    for (std::size_t i = 0; i < routing_.tasks.size(); ++i)
      if (relay_[i] >= 0 && routing_.tasks[i].executor == self)
        std::memcpy(address(plan_.copies()[i].to), address(plan_.copies()[static_cast<std::size_t>(relay_[i])].to),
                    plan_.copies()[i].bytes);
  }

  /// One copy without staging, or its second half from `staged`.
  void move(const Task& task, const Copy& copy, const std::byte* staged) {
    switch (task.route) {
      case Route::local:
        std::memcpy(address(copy.to), staged ? staged : address(copy.from), copy.bytes);
        break;
      case Route::get:
        if (staged)
          std::memcpy(address(copy.to), staged, copy.bytes);
        else
          pg::detail::get_bytes(me_, address(copy.to), copy.from.owner, copy.from.offset, copy.bytes);
        break;
      case Route::put:
        pg::detail::put_bytes(me_, copy.to.owner, copy.to.offset, staged ? staged : address(copy.from), copy.bytes);
        break;
      case Route::remote:
        if (staged)
          pg::detail::put_bytes(me_, copy.to.owner, copy.to.offset, staged, copy.bytes);
        else
          pg::detail::copy_bytes(me_, copy.to.owner, copy.to.offset, copy.from.owner, copy.from.offset, copy.bytes);
        break;
      case Route::staged:
      case Route::packed:
        break;
    }
  }

  void write_phase() {
    for (auto [index, at] : staged_) move(routing_.tasks[index], plan_.copies()[index], staging_.data() + at);
    auto self = me_.thread();
    for (std::size_t i = 0; i < routing_.tasks.size(); ++i) {
      const auto& task = routing_.tasks[i];
      if (task.executor != self) continue;
      const auto& copy = plan_.copies()[i];
      if (task.route == Route::packed) {
        const std::byte* in = nullptr;
        if (!direct_receives_)
          in = channel_.recv.data() + routing_.recv_displacements[static_cast<std::size_t>(task.from_group)] +
               task.stream_offset;
        else if (!task.packs)  // MPI wrote these bytes to the destination of the copy that packs them
          in = address(plan_.copies()[task.packing_task].to);
        if (in) std::memcpy(address(copy.to), in, copy.bytes);
      } else if (task.route == Route::staged) {
        std::memcpy(address(copy.to), pg::detail::staging_area(me_, task.packer).data() + task.stream_offset, copy.bytes);
      }
    }
  }

  Algorithm requested_;
  pg::Context& me_;
  pg::Team& team_;
  const Plan& plan_;
  Overlap overlap_;
  Channel& channel_;
  std::size_t parity_ = 0;
  Routing own_routing_;  // a large plan's, for this call only
  Routing& routing_;     // a small plan's: the member's, kept in the channel for its next call

  const std::vector<bool>& member_;          // the channel's view of the team (see Channel)
  const std::vector<pg::thread_id>& agent_;
  const std::vector<int>& group_rank_;

  // Every per-call list below lives in this arena, on the stack: an 8-byte call between
  // processes would otherwise spend a third of its instructions in malloc and free.
  std::array<std::byte, 4096> arena_bytes_;
  std::pmr::monotonic_buffer_resource arena_{arena_bytes_.data(), arena_bytes_.size()};

  // MPI reads the packed copies' sources, and writes their destinations, in place (stream_pieces())
  // instead of the channel's send and receive buffers.
  bool direct_sends_ = false;
  bool direct_receives_ = false;
  Traffic traffic_{};        // between processes: the streams, and how they move
  Algorithm algorithm_{};
  OneCall one_call_ = OneCall::none;
  std::pmr::vector<long> relay_{&arena_};  // by task: the task whose destination it copies instead (NUMA level)
  bool relayed_ = false;

  struct Staged {
    std::size_t task;
    std::size_t at;
  };
  std::vector<std::byte> staging_;
  std::pmr::vector<Staged> staged_{&arena_};
};

}  // namespace

PrivateBuffers private_buffers(const Participants& participants, const Plan& plan, const BufferRef& dst,
                               const BufferRef& src) {
  PrivateBuffers mine{src.is_shared() ? nullptr : src.data, dst.is_shared() ? nullptr : dst.data};
  if (!mine.source || !mine.destination) return mine;
  // The stretches of its buffers that the caller's copies read and write.
  auto self = participants.me().thread();
  std::size_t read_from = SIZE_MAX, read_to = 0, written_from = SIZE_MAX, written_to = 0;
  for (const auto& copy : plan.copies()) {
    if (copy.from.owner == self && !copy.from.shared) {
      read_from = std::min(read_from, copy.from.offset);
      read_to = std::max(read_to, copy.from.offset + copy.bytes);
    }
    if (copy.to.owner == self && !copy.to.shared) {
      written_from = std::min(written_from, copy.to.offset);
      written_to = std::max(written_to, copy.to.offset + copy.bytes);
    }
  }
  if (read_from >= read_to || written_from >= written_to) return mine;
  auto read = reinterpret_cast<std::uintptr_t>(mine.source);
  auto written = reinterpret_cast<std::uintptr_t>(mine.destination);
  if (read + read_from < written + written_to && written + written_from < read + read_to)
    participants.refuse("the source and the destination overlap; for one buffer pass coll::in_place");
  return mine;
}

void execute(const Participants& participants, const Plan& plan, PrivateBuffers mine, Sync sync, Overlap overlap) {
  if (debug_checks_enabled()) check_agreement(participants, plan, sync);
  auto& channel = channel_of(participants);
  if (execute_eager(participants, channel, plan, mine, sync, overlap)) return;
  if (execute_single_copy(participants, channel, plan, mine, sync, overlap)) return;
  Execution(participants, channel, plan, mine, overlap).run(sync);
}

}  // namespace pgasmr::coll::detail
