#pragma once
// Routing: who moves each copy of a plan and how, and the streams between processes that this
// makes; worked out by the executor. A member keeps the routing of its last small plan in the
// team's channel, for its next call with the same copies: a collective called in a loop plans the
// same copies every time, and routing them was half of pgasmr's own instructions in an 8-byte call
// between processes.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <pgasmr/pgas/types.hpp>

#include "plan.hpp"

namespace pgasmr::coll::detail {

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

struct Routing {
  /// Plans of at most this many copies keep their routing for the next call: at most 7 KiB a
  /// member and team (a copy and its task), enough for an all-to-all among 8 members.
  static constexpr std::size_t most_kept_copies = 64;

  std::vector<Task> tasks;                    // one per plan copy
  bool crosses = false;                       // some copy travels packed, through MPI
  bool direct_between_processes = false;      // some copy touches another process's memory directly
  bool staged_between_processes = false;      // some copy goes through a staging area
  bool one_sided_between_processes = false;   // some copy is a one-sided get or put (route get, put, remote)
  int broadcast_root = -1;                    // group rank, when the traffic is a broadcast
  std::vector<std::size_t> stream_table;      // bytes from group rank g to q at [g * groups + q]
  std::vector<std::size_t> send_counts, recv_counts, send_displacements, recv_displacements;

  /// Whether this is the routing of exactly these copies.
  bool routes(std::span<const Copy> copies) const {
    return kept_ && std::ranges::equal(copies, copies_);
  }
  /// Empties it (keeping the vectors' memory), to be routed anew.
  void clear() {
    kept_ = false;
    tasks.clear();
    crosses = direct_between_processes = staged_between_processes = one_sided_between_processes = false;
    broadcast_root = -1;
    stream_table.clear();
    send_counts.clear();
    recv_counts.clear();
    send_displacements.clear();
    recv_displacements.clear();
  }
  /// Once routed: remembers the copies, for routes().
  void keep(std::span<const Copy> copies) {
    copies_.assign(copies.begin(), copies.end());
    kept_ = true;
  }

 private:
  std::vector<Copy> copies_;
  bool kept_ = false;
};

}  // namespace pgasmr::coll::detail
