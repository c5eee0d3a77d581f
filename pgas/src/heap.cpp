// The shared heaps. Each heap is a first-fit allocator whose table of live blocks lives in
// shared memory, guarded by a PGAS lock, so that any thread of any process can allocate from
// it or free into it (upc_global_alloc and upc_free are not collective).

#include <algorithm>
#include <cstdint>
#include <exception>
#include <limits>
#include <string>
#include <vector>

#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/lock.hpp>
#include <pgasmr/pgas/memory.hpp>
#include <pgasmr/pgas/rma.hpp>

#include "job.hpp"

namespace pgasmr::pgas::detail {
namespace {

struct Block {
  std::uint64_t offset;
  std::uint64_t bytes;
};

constexpr std::size_t table_capacity = (SegmentLayout::heap_table_bytes - sizeof(std::uint64_t)) / sizeof(Block);

/// Where one heap's table, lock and region are.
struct Heap {
  const char* name;
  thread_id owner;
  std::size_t table;
  std::size_t lock;
  std::size_t begin;
  std::size_t end;
};

Heap symmetric_heap(const Job& job) {
  const auto& l = job.layout();
  return {"symmetric", 0, SegmentLayout::symmetric_heap_table, SegmentLayout::symmetric_heap_lock,
          l.symmetric_begin, l.symmetric_end};
}

Heap local_heap(const Job& job, thread_id owner) {
  const auto& l = job.layout();
  return {"local", owner, SegmentLayout::local_heap_table, SegmentLayout::local_heap_lock, l.local_begin, l.local_end};
}

std::vector<Block> read_table(Context& me, const Heap& heap) {
  auto count = get(me, global_ptr<std::uint64_t>(heap.owner, heap.table));
  std::vector<Block> blocks(count);
  memget(me, std::span(blocks), global_ptr<Block>(heap.owner, heap.table + sizeof(std::uint64_t)));
  return blocks;
}

void write_table(Context& me, const Heap& heap, const std::vector<Block>& blocks) {
  memput(me, global_ptr<Block>(heap.owner, heap.table + sizeof(std::uint64_t)), std::span(blocks));
  put(me, global_ptr<std::uint64_t>(heap.owner, heap.table), std::uint64_t{blocks.size()});
}

std::size_t allocate(Context& me, const Heap& heap, std::size_t bytes, const char* operation) {
  constexpr auto align = SegmentLayout::alignment;
  if (bytes > heap.end - heap.begin)
    throw_error(operation, "cannot allocate " + std::to_string(bytes) + " bytes per thread: the " + heap.name +
                               " heap has " + std::to_string(heap.end - heap.begin) +
                               " bytes; raise --segment-size or PGASMR_SEGMENT_SIZE (now " +
                               std::to_string(me.job().layout().segment) + " bytes per thread)");
  bytes = std::max<std::size_t>((bytes + align - 1) / align * align, align);

  LockGuard guard(me, Lock(global_ptr<std::int64_t>(heap.owner, heap.lock)));
  auto blocks = read_table(me, heap);
  if (blocks.size() == table_capacity)
    throw_error(operation, "too many live shared allocations in the " + std::string(heap.name) + " heap (" +
                               std::to_string(table_capacity) + "); free some first");
  std::size_t free_bytes = 0;
  std::size_t start = heap.begin;
  auto next = blocks.begin();
  for (;; ++next) {
    auto gap_end = next == blocks.end() ? heap.end : next->offset;
    if (gap_end - start >= bytes) break;
    free_bytes += gap_end - start;
    if (next == blocks.end())
      throw_error(operation, "out of shared memory: cannot allocate " + std::to_string(bytes) + " bytes per thread in the " +
                                 heap.name + " heap (" + std::to_string(free_bytes) +
                                 " bytes free, fragmented); raise --segment-size or PGASMR_SEGMENT_SIZE (now " +
                                 std::to_string(me.job().layout().segment) + " bytes per thread)");
    start = next->offset + next->bytes;
  }
  blocks.insert(next, Block{start, bytes});
  write_table(me, heap, blocks);
  return start;
}

void release(Context& me, const Heap& heap, std::size_t offset) {
  LockGuard guard(me, Lock(global_ptr<std::int64_t>(heap.owner, heap.lock)));
  auto blocks = read_table(me, heap);
  auto at = std::ranges::find(blocks, std::uint64_t{offset}, &Block::offset);
  if (at == blocks.end())
    throw_error("free", "offset " + std::to_string(offset) + " on thread " + std::to_string(heap.owner) +
                            " is not the start of a live shared allocation (double free?)");
  blocks.erase(at);
  write_table(me, heap, blocks);
}

constexpr std::uint64_t allocation_failed = std::numeric_limits<std::uint64_t>::max();

}  // namespace

std::size_t array_bytes(const char* operation, std::size_t count, std::size_t element_bytes) {
  if (element_bytes != 0 && count > std::numeric_limits<std::size_t>::max() / element_bytes)
    throw_error(operation, std::to_string(count) + " elements of " + std::to_string(element_bytes) +
                               " bytes overflow the address space");
  return count * element_bytes;
}

std::size_t per_thread_bytes(const char* operation, const Context& me, std::size_t nblocks, std::size_t block_bytes) {
  auto threads = static_cast<std::size_t>(me.threads());
  auto blocks_per_thread = nblocks / threads + (nblocks % threads != 0);
  if (block_bytes != 0 && blocks_per_thread > std::numeric_limits<std::size_t>::max() / block_bytes)
    throw_error(operation, std::to_string(nblocks) + " blocks of " + std::to_string(block_bytes) +
                                 " bytes overflow the address space");
  return blocks_per_thread * block_bytes;
}

std::size_t allocate_symmetric(Context& me, std::size_t bytes_per_thread) {
  return allocate(me, symmetric_heap(me.job()), bytes_per_thread, "global_alloc");
}

std::size_t allocate_symmetric_collective(Context& me, std::size_t bytes_per_thread) {
  // Thread 0 allocates and publishes the offset (or the failure) so every thread returns the
  // same result or throws the same error.
  global_ptr<std::uint64_t> slot(0, SegmentLayout::broadcast_slot);
  global_ptr<std::uint64_t> size(0, SegmentLayout::size_slot);
  global_ptr<char> message(0, SegmentLayout::message_slot);
  if (me.thread() == 0) {
    put(me, size, std::uint64_t{bytes_per_thread});
    try {
      put(me, slot, std::uint64_t{allocate(me, symmetric_heap(me.job()), bytes_per_thread, "all_alloc")});
    } catch (const pgasmr::error& e) {
      auto cause = e.cause().substr(0, SegmentLayout::message_bytes - 1);
      memput(me, message, std::span(cause.c_str(), cause.size() + 1));
      put(me, slot, allocation_failed);
    }
  }
  me.barrier();
  auto offset = get(me, slot);
  std::string failure;
  if (offset == allocation_failed) {
    failure.resize(SegmentLayout::message_bytes);
    memget(me, std::span(failure), message);
    failure.resize(failure.find('\0'));
  }
  // A thread that asked for more than thread 0 would use memory beyond its block unnoticed.
  if (auto asked = get(me, size); asked != bytes_per_thread)
    throw_error("all_alloc", "asked for " + std::to_string(bytes_per_thread) +
                                 " bytes per thread where thread 0 asked for " + std::to_string(asked) +
                                 ": every thread must ask for the same size");
  me.barrier();
  if (offset == allocation_failed) throw_error("all_alloc", failure);
  return offset;
}

std::size_t allocate_local(Context& me, std::size_t bytes) {
  return allocate(me, local_heap(me.job(), me.thread()), bytes, "local_alloc");
}

void free_shared(Context& me, thread_id thread, std::size_t offset) {
  auto& job = me.job();
  job.check_range("free", thread, offset, 0);
  const auto& l = job.layout();
  if (offset >= l.symmetric_begin && offset < l.symmetric_end)
    release(me, symmetric_heap(job), offset);
  else if (offset >= l.local_begin && offset < l.local_end)
    release(me, local_heap(job, thread), offset);
  else
    throw_error("free", "offset " + std::to_string(offset) + " is not in a shared heap");
}

void all_free_bytes(Context& me, thread_id thread, std::size_t offset) {
  me.barrier();
  if (me.thread() == 0) free_shared(me, thread, offset);
}

void release_collective(Context& me, thread_id thread, std::size_t offset) noexcept {
  if (me.job().cancellation().cancelled()) return;
  // Destroyed while an exception propagates: the job is about to be cancelled (cancel() runs
  // only once the exception leaves the body). A barrier here would stand in for whatever
  // collective the other threads wait in, or wait forever for threads blocked elsewhere.
  // Skip the free instead (an exception caught inside the body leaks the allocation).
  if (std::uncaught_exceptions() > 0) return;
  try {
    all_free_bytes(me, thread, offset);
  } catch (...) {  // a destructor cannot throw: fail the job instead, Runtime::run reports it
    fail_job(me, std::current_exception());
  }
}

}  // namespace pgasmr::pgas::detail
