#pragma once
// The inter-process phase of a collective: the process leaders move the bytes that the
// source owners packed (one stream per pair of processes) with one of several algorithms.

#include <cstddef>
#include <cstdint>
#include <span>

#include <pgasmr/collectives/options.hpp>
#include <pgasmr/pgas/process_group.hpp>

namespace pgasmr::coll::detail {

/// This process's streams to and from every process of the group, by group rank.
struct Traffic {
  const std::byte* send;
  std::span<const std::size_t> send_counts;
  std::span<const std::size_t> send_displacements;
  std::byte* receive;
  std::span<const std::size_t> receive_counts;
  std::span<const std::size_t> receive_displacements;
  /// Set when one process (this group rank) sends the same stream to every other process and
  /// nobody else sends anything: a broadcast.
  int broadcast_root = -1;
  /// Every stream's size: bytes from group rank g to q at [g * size + q] (each process knows
  /// the whole plan, so it knows them all).
  std::span<const std::size_t> all_streams;
};

/// The algorithm to use: `requested`, or when automatic, PGASMR_COLL_ALGORITHM, or the tuning
/// table's choice for the traffic (tuning_table.hpp). Throws pgasmr::error for an unknown
/// variable value.
Algorithm choose(Algorithm requested, const Traffic& traffic);

/// `requested`, or when automatic, what PGASMR_COLL_ALGORITHM asks for (maybe automatic).
Algorithm requested_algorithm(Algorithm requested);

/// The single MPI collective by which `algorithm` moves `traffic`, if it takes one: that call may
/// then read and write the members' memory in place (ProcessGroup::alltoall_pieces,
/// broadcast_pieces) instead of packed buffers.
enum class OneCall : std::uint8_t { none, alltoall, broadcast };
OneCall one_call_for(Algorithm algorithm, const Traffic& traffic);

/// Run by one thread per process (the leader), collectively over the group.
void move_between_processes(pg::ProcessGroup& group, const Traffic& traffic, Algorithm algorithm);

}  // namespace pgasmr::coll::detail
