#pragma once
// How each thread's shared segment is divided. A fixed system area at the start holds the
// runtime's own shared words; the rest is split between the symmetric heap (the same offsets
// on every thread: all_alloc, global_alloc) and the thread's local heap (local_alloc).

#include <cstddef>

namespace pgasmr::pgas::detail {

struct SegmentLayout {
  static constexpr std::size_t alignment = 64;

  // System area, in every thread's segment.
  static constexpr std::size_t local_heap_lock = 0;      // guards this thread's local heap table
  static constexpr std::size_t symmetric_heap_lock = 8;  // on thread 0: guards the symmetric table
  static constexpr std::size_t broadcast_slot = 64;      // on thread 0: results of collective allocs
  static constexpr std::size_t size_slot = 72;           // on thread 0: the size it was asked for
  static constexpr std::size_t liveness_slot = 80;       // on a process's first thread: its watch's finding
  static constexpr std::size_t liveness_call_slot = 88;  // on a process's first thread: its one MPI call
  static constexpr std::size_t liveness_group_call_slot = 96;  // the same call: its group and index
  static constexpr std::size_t liveness_waiters_slot = 104;    // who waits for it in calls it has not begun
  static constexpr std::size_t message_slot = 128;       // on thread 0: why a collective alloc failed
  static constexpr std::size_t message_bytes = 2048;
  static constexpr std::size_t heap_table_bytes = 32 * 1024;
  static constexpr std::size_t local_heap_table = 4096;
  static constexpr std::size_t symmetric_heap_table = local_heap_table + heap_table_bytes;
  static constexpr std::size_t system_bytes = symmetric_heap_table + heap_table_bytes;
  static constexpr std::size_t minimum_segment_bytes = system_bytes + 64 * 1024;

  explicit SegmentLayout(std::size_t segment_bytes)
      : segment(segment_bytes),
        symmetric_begin(system_bytes),
        symmetric_end(system_bytes + (segment_bytes - system_bytes) / 4 * 3 / alignment * alignment),
        local_begin(symmetric_end),
        local_end(segment_bytes / alignment * alignment) {}

  std::size_t segment;
  std::size_t symmetric_begin, symmetric_end;
  std::size_t local_begin, local_end;
};

}  // namespace pgasmr::pgas::detail
