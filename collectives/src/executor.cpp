#include "executor.hpp"

#include "agreement.hpp"
#include "channel.hpp"
#include "eager.hpp"
#include "host_mailbox.hpp"
#include "inter_process.hpp"
#include "numa_relay.hpp"
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
#include <tuple>
#include <type_traits>
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

/// Who moves one copy, and how.
enum class Route : std::uint8_t {
  local,   // plain memory: both ends in the executor's process, or (shared segments) one end
           // in another process of its host, in that process's segment
  staged,  // private ends in two processes of one host: the source owner copies the bytes into
           // its staging area, the destination owner copies them out
  packed,  // ends in different processes that do not share segments, both with members: pack,
           // MPI, unpack
  get,     // the source's process has no member: the destination side reads one-sided
  put,     // the destination's process has no member: the source side writes one-sided
  remote,  // neither end's process has a member: the first member copies one-sided
};

struct Task {
  Route route;
  pg::thread_id executor;  // local/get/remote: the one who copies; packed/staged: who unpacks; put: who writes
  pg::thread_id packer;    // packed/staged: the source side
  int from_group = -1;     // packed: process group ranks of both ends
  int to_group = -1;
  std::size_t stream_offset = 0;  // packed: where the bytes travel in the from -> to stream;
                                  // staged: where they wait in the packer's staging area
  bool packs = false;             // packed/staged: the first copy of these bytes packs them
  std::size_t packing_task = 0;   // packed: the task of that first copy
};

class Execution {
 public:
  Execution(const Participants& participants, Channel& channel, const Plan& plan, PrivateBuffers mine, Overlap overlap)
      : requested_(participants.algorithm()),
        me_(participants.me()),
        team_(participants.team()),
        plan_(plan),
        overlap_(overlap),
        channel_(channel),
        member_(channel_.member),
        agent_(channel_.agent),
        local_index_(channel_.local_index),
        group_rank_(channel_.group_rank) {
    auto& board = channel_.boards[static_cast<std::size_t>(team_.local_index())];
    parity_ = board.calls++ & 1;
    board.buffers[parity_] = {const_cast<std::byte*>(mine.source), mine.destination};
    route_copies();
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
    bool cross = group && crosses_;
    Traffic traffic{};
    Algorithm algorithm{};
    OneCall one_call = OneCall::none;
    if (cross) {
      traffic = {channel_.send.data(), send_counts_, send_displacements_, channel_.recv.data(), recv_counts_,
                 recv_displacements_, broadcast_root_, stream_table_};
      algorithm = choose(requested_, traffic);
      one_call = one_call_for(algorithm, traffic);
      bool direct = one_call != OneCall::none && moves_in_place(stream_table_, send_counts_.size());
      // In place, the sources must be read before anything is written: they are packed first.
      // MPI may still write the destinations when only this process's members read its memory,
      // as they all have by the leaders' call.
      direct_sends_ = direct && overlap_ == Overlap::none;
      direct_receives_ = direct && (overlap_ == Overlap::none || !copies_outside_exchange());
      team_.local_step([&] {
        if (!direct_sends_) channel_.send.resize(total(send_counts_));
        if (!direct_receives_) channel_.recv.resize(total(recv_counts_));
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
    if (cross) {
      team_.local_step([&] {
        if (direct_receives_) {
          auto pieces = stream_pieces();
          if (one_call == OneCall::alltoall) return group->alltoall_pieces(pieces.send, pieces.receive);
          // A broadcast's root sends every other process the same pieces.
          auto root = static_cast<std::size_t>(broadcast_root_);
          auto sent = std::ranges::find_if(pieces.send, [](const auto& stream) { return !stream.empty(); });
          return group->broadcast_pieces(sent == pieces.send.end() ? pg::ProcessGroup::SendPieces{} : *sent,
                                         pieces.receive[root], broadcast_root_);
        }
        traffic.send = channel_.send.data();  // sized by the first local step
        traffic.receive = channel_.recv.data();
        move_between_processes(*group, traffic, algorithm);
      });
    }
    // In place, every read everywhere must precede any write. Where every copy between
    // processes travels through the leaders' exchange, the local step above ordered this
    // process's reads before its writes, and nobody else touches its memory. The exchange orders
    // nothing else: a sender's MPI call may return before a receiver has even entered it, and a
    // one-sided write could then overtake another process's one-sided read. Staged bytes must all
    // be in the staging areas before the other processes of the host copy them out.
    if ((overlap_ == Overlap::in_place && (!cross || copies_outside_exchange())) || staged_between_processes_)
      team_.barrier();
    {
      CopyingPhase copying(channel_);
      write_phase();
    }

    // Members of other processes may still read or write the caller's shared memory, or its
    // staging area, which its next call reuses: with any such copy, everyone waits for all.
    if (sync.out == OutSync::all || direct_between_processes_)
      team_.barrier();
    else
      team_.local_step({});  // nobody may still be reading the caller's private buffers
  }

  /// Whether some copy between processes bypasses the leaders' exchange: through a mapped
  /// segment, or one-sided.
  bool copies_outside_exchange() const { return direct_between_processes_ || one_sided_between_processes_; }

  /// The member that acts for `owner`'s side: the owner itself if it is a member, else the
  /// first member in its process (-1 when that process has none).
  pg::thread_id agent_for(pg::thread_id owner) const {
    if (member_[static_cast<std::size_t>(owner)]) return owner;
    return agent_[static_cast<std::size_t>(me_.process_of(owner))];
  }

  void route_copies() {
    auto groups = team_.processes().size();
    // Bytes per stream, and what each carries (to recognise a broadcast: one sender, the same
    // bytes to all); made at the first copy between processes.
    std::pmr::vector<std::pmr::vector<std::size_t>> streams(&arena_);
    struct Packed {
      std::size_t at;    // in the stream
      std::size_t task;  // the copy that packs these bytes
    };
    std::pmr::map<std::tuple<pg::thread_id, bool, int, std::size_t, std::size_t, int>, Packed> packed_at(&arena_);
    using Source = std::tuple<pg::thread_id, bool, int, std::size_t, std::size_t>;
    std::pmr::vector<std::pmr::vector<std::pmr::vector<Source>>> carried(&arena_);
    tasks_.reserve(plan_.copies().size());
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
        direct_between_processes_ = true;
      } else if (mapped && stage) {
        task = {Route::staged, target, source};
        task.stream_offset = staging[i].at;
        task.packs = staging[i].packs;
        direct_between_processes_ = staged_between_processes_ = true;
      } else if (source >= 0 && target >= 0) {
        task = {Route::packed, target, source};
        if (streams.empty()) {
          streams.assign(groups, std::pmr::vector<std::size_t>(groups, 0, &arena_));
          carried.assign(groups, std::pmr::vector<std::pmr::vector<Source>>(groups, &arena_));
        }
        task.from_group = group_rank_[static_cast<std::size_t>(from_process)];
        task.to_group = group_rank_[static_cast<std::size_t>(to_process)];
        auto key = std::tuple(copy.from.owner, copy.from.shared, static_cast<int>(copy.from.side), copy.from.offset,
                              copy.bytes, task.to_group);
        auto [at, fresh] = packed_at.try_emplace(key, Packed{0, i});
        if (fresh) {
          auto& stream = streams[static_cast<std::size_t>(task.from_group)][static_cast<std::size_t>(task.to_group)];
          at->second.at = stream;
          stream += copy.bytes;
          carried[static_cast<std::size_t>(task.from_group)][static_cast<std::size_t>(task.to_group)].push_back(
              {copy.from.owner, copy.from.shared, static_cast<int>(copy.from.side), copy.from.offset, copy.bytes});
        }
        task.stream_offset = at->second.at;
        task.packs = fresh;
        task.packing_task = at->second.task;
        crosses_ = true;
      } else if (target >= 0) {
        task = {Route::get, target, -1};
        one_sided_between_processes_ = true;
      } else if (source >= 0) {
        task = {Route::put, source, -1};
        one_sided_between_processes_ = true;
      } else {
        task = {Route::remote, team_.thread_of(0), -1};
        one_sided_between_processes_ = true;
      }
      tasks_.push_back(task);
    }
    if (!crosses_) return;
    auto mine = static_cast<std::size_t>(group_rank_[static_cast<std::size_t>(me_.process())]);
    send_counts_.resize(groups);
    recv_counts_.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      send_counts_[g] = streams[mine][g];
      recv_counts_[g] = streams[g][mine];
    }
    send_displacements_ = displacements(send_counts_);
    recv_displacements_ = displacements(recv_counts_);
    broadcast_root_ = broadcast_sender(carried);
    for (const auto& row : streams) stream_table_.insert(stream_table_.end(), row.begin(), row.end());
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
    std::pmr::map<std::tuple<pg::thread_id, int, std::size_t, std::size_t>, std::size_t> placed(&arena_);
    std::pmr::map<pg::thread_id, std::size_t> used(&arena_);  // by source owner
    std::size_t largest = 0;
    for (std::size_t i = 0; i < copies.size(); ++i) {
      const auto& copy = copies[i];
      auto from_process = me_.process_of(copy.from.owner);
      auto to_process = me_.process_of(copy.to.owner);
      if (copy.from.shared || copy.to.shared || from_process == to_process ||
          !pg::detail::shares_segments(me_, from_process, to_process))
        continue;
      auto key = std::tuple(copy.from.owner, static_cast<int>(copy.from.side), copy.from.offset, copy.bytes);
      auto& end = used[copy.from.owner];
      auto [at, fresh] = placed.try_emplace(key, end);
      if (fresh) end += (copy.bytes + line - 1) / line * line;  // each source on its own lines
      if (end > capacity) return false;
      largest = std::max(largest, end);
      staging[i] = {at->second, fresh};
    }
    return largest >= least_staged_bytes;
  }

  /// The only sending process group rank if it sends every other process the same bytes, else -1.
  template <class Carried>
  static int broadcast_sender(const Carried& carried) {
    int sender = -1;
    for (std::size_t g = 0; g < carried.size(); ++g) {
      bool sends = std::ranges::any_of(carried[g], [](const auto& stream) { return !stream.empty(); });
      if (!sends) continue;
      if (sender >= 0) return -1;
      sender = static_cast<int>(g);
    }
    if (sender < 0) return -1;
    const auto& streams = carried[static_cast<std::size_t>(sender)];
    const auto* first = static_cast<const typename Carried::value_type::value_type*>(nullptr);
    for (std::size_t q = 0; q < streams.size(); ++q) {
      if (static_cast<int>(q) == sender) continue;
      if (!first)
        first = &streams[q];
      else if (streams[q] != *first)
        return -1;
    }
    return sender;
  }

  /// The NUMA level: in-process copies of one source by threads on other NUMA nodes go through
  /// one copy per node (numa_relay.hpp).
  void plan_relays() {
    const auto& topology = me_.topology();
    std::vector<LocalRead> reads;
    std::vector<std::size_t> task_of;
    std::map<std::tuple<pg::thread_id, bool, int, std::size_t, std::size_t>, std::size_t> sources;
    for (std::size_t i = 0; i < tasks_.size(); ++i) {
      const auto& task = tasks_[i];
      const auto& from = plan_.copies()[i].from;
      if (task.route != Route::local || me_.process_of(task.executor) != me_.process() ||
          me_.process_of(from.owner) != me_.process())
        continue;
      auto key = std::tuple(from.owner, from.shared, static_cast<int>(from.side), from.offset, plan_.copies()[i].bytes);
      auto source = sources.try_emplace(key, sources.size()).first->second;
      reads.push_back({source, topology.of(from.owner).numa_node, task.executor, topology.of(task.executor).numa_node});
      task_of.push_back(i);
    }
    auto relays = numa_relays(reads);
    relay_.assign(tasks_.size(), -1);
    for (std::size_t r = 0; r < relays.size(); ++r) {
      if (relays[r] < 0) continue;
      relay_[task_of[r]] = static_cast<long>(task_of[static_cast<std::size_t>(relays[r])]);
      relayed_ = true;
    }
  }

  static std::size_t total(const std::pmr::vector<std::size_t>& counts) {
    std::size_t sum = 0;
    for (auto c : counts) sum += c;
    return sum;
  }
  std::pmr::vector<std::size_t> displacements(const std::pmr::vector<std::size_t>& counts) {
    std::pmr::vector<std::size_t> result(counts.size(), 0, &arena_);
    for (std::size_t i = 1; i < counts.size(); ++i) result[i] = result[i - 1] + counts[i - 1];
    return result;
  }

  /// Address in this process of a place it maps (private places: of this process's members).
  std::byte* address(const Place& place) const {
    if (place.shared) return pg::detail::mapped_address(me_, place.owner, place.offset);
    auto local = local_index_[static_cast<std::size_t>(place.owner)];
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
    StreamPieces pieces{std::vector<pg::ProcessGroup::SendPieces>(send_counts_.size()),
                        std::vector<pg::ProcessGroup::ReceivePieces>(recv_counts_.size())};
    if (!direct_sends_)  // sent from the channel's send buffer, where read_phase() packed them
      for (std::size_t g = 0; g < send_counts_.size(); ++g)
        if (send_counts_[g] != 0) pieces.send[g].push_back({channel_.send.data() + send_displacements_[g], send_counts_[g]});
    auto mine = group_rank_[static_cast<std::size_t>(me_.process())];
    for (std::size_t i = 0; i < tasks_.size(); ++i) {
      const auto& task = tasks_[i];
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
    for (std::size_t i = 0; i < tasks_.size(); ++i) {
      const auto& task = tasks_[i];
      const auto& copy = plan_.copies()[i];
      if (task.route == Route::packed) {
        if (task.packer == self && task.packs && !direct_sends_) {
          auto* out = channel_.send.data() + send_displacements_[static_cast<std::size_t>(task.to_group)] + task.stream_offset;
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
    for (std::size_t i = 0; i < tasks_.size(); ++i)
      if (relay_[i] >= 0 && tasks_[i].executor == self)
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
    for (auto [index, at] : staged_) move(tasks_[index], plan_.copies()[index], staging_.data() + at);
    auto self = me_.thread();
    for (std::size_t i = 0; i < tasks_.size(); ++i) {
      const auto& task = tasks_[i];
      if (task.executor != self) continue;
      const auto& copy = plan_.copies()[i];
      if (task.route == Route::packed) {
        const std::byte* in = nullptr;
        if (!direct_receives_)
          in = channel_.recv.data() + recv_displacements_[static_cast<std::size_t>(task.from_group)] + task.stream_offset;
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

  const std::vector<bool>& member_;          // the channel's view of the team (see Channel)
  const std::vector<pg::thread_id>& agent_;
  const std::vector<int>& local_index_;
  const std::vector<int>& group_rank_;

  // Every per-call list below lives in this arena, on the stack: an 8-byte call between
  // processes would otherwise spend a third of its instructions in malloc and free.
  std::array<std::byte, 4096> arena_bytes_;
  std::pmr::monotonic_buffer_resource arena_{arena_bytes_.data(), arena_bytes_.size()};

  std::pmr::vector<Task> tasks_{&arena_};  // one per plan copy
  bool crosses_ = false;                    // some copy travels packed, through MPI
  bool direct_between_processes_ = false;   // some copy touches another process's memory directly
  bool staged_between_processes_ = false;   // some copy goes through a staging area
  bool one_sided_between_processes_ = false;  // some copy is a one-sided get or put (route get, put, remote)
  // MPI reads the packed copies' sources, and writes their destinations, in place (stream_pieces())
  // instead of the channel's send and receive buffers.
  bool direct_sends_ = false;
  bool direct_receives_ = false;
  int broadcast_root_ = -1;  // group rank, when the traffic is a broadcast
  std::pmr::vector<long> relay_{&arena_};  // by task: the task whose destination it copies instead (NUMA level)
  bool relayed_ = false;
  std::pmr::vector<std::size_t> stream_table_{&arena_};  // bytes from group rank g to q at [g * groups + q]
  std::pmr::vector<std::size_t> send_counts_{&arena_}, recv_counts_{&arena_}, send_displacements_{&arena_},
      recv_displacements_{&arena_};

  struct Staged {
    std::size_t task;
    std::size_t at;
  };
  std::vector<std::byte> staging_;
  std::pmr::vector<Staged> staged_{&arena_};
};

}  // namespace

void execute(const Participants& participants, const Plan& plan, PrivateBuffers mine, Sync sync, Overlap overlap) {
  if (debug_checks_enabled()) check_agreement(participants, plan, sync);
  auto& channel = channel_of(participants);
  if (execute_eager(participants, channel, plan, mine, sync, overlap)) return;
  if (execute_single_copy(participants, channel, plan, mine, sync, overlap)) return;
  Execution(participants, channel, plan, mine, overlap).run(sync);
}

}  // namespace pgasmr::coll::detail
