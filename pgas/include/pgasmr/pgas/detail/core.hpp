#pragma once
/// @file
/// The compiled, type-erased byte core behind the typed PGAS templates. Not for users: the
/// typed headers (rma.hpp, atomic.hpp, memory.hpp, ...) are the API.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <span>

#include <pgasmr/pgas/types.hpp>

namespace pgasmr::pgas {
class Context;
}

namespace pgasmr::pgas::detail {

thread_id calling_thread(const Context&) noexcept;

/// The address of (thread, offset) in this process, or nullptr when it lies in another process.
/// Throws pgasmr::error when the thread or the offset is out of range.
std::byte* direct_address(const Context&, thread_id, std::size_t offset);
std::byte* checked_direct_address(const Context&, thread_id, std::size_t offset);
/// Like direct_address, but also for the processes of this host when they share their
/// segments: the address at which this process maps (thread, offset), or nullptr.
std::byte* mapped_address(const Context&, thread_id, std::size_t offset);
/// True when processes `a` and `b` map each other's segments (a == b, or one host with shared
/// segments); every process gives the same answer.
bool shares_segments(const Context&, int a, int b) noexcept;
/// `thread`'s staging area for the collectives (private bytes bound for another process of its
/// host) as this process maps it; empty when the job has none or does not map the thread.
std::span<std::byte> staging_area(const Context&, thread_id);
/// The size of every thread's staging area (0 without), the same in every process.
std::size_t staging_bytes(const Context&) noexcept;

/// `operation` names the caller in errors.
void get_bytes(Context&, void* dst, thread_id src_thread, std::size_t src_offset, std::size_t bytes,
               const char* operation = "get");
void put_bytes(Context&, thread_id dst_thread, std::size_t dst_offset, const void* src, std::size_t bytes,
               const char* operation = "put");
void copy_bytes(Context&, thread_id dst_thread, std::size_t dst_offset, thread_id src_thread,
                std::size_t src_offset, std::size_t bytes);

/// Starts a transfer and returns the process to complete it on (-1: already complete).
int get_bytes_nb(Context&, void* dst, thread_id src_thread, std::size_t src_offset, std::size_t bytes);
int put_bytes_nb(Context&, thread_id dst_thread, std::size_t dst_offset, const void* src, std::size_t bytes);
void complete_transfers(Context&, int process);

enum class atomic_op : std::uint8_t { load, store, fetch_add, compare_exchange };

/// One atomic operation on a 4- or 8-byte integer; returns the previous value (load: the value).
std::uint64_t atomic_bytes(Context&, atomic_op, std::size_t width, bool is_signed, thread_id thread,
                           std::size_t offset, std::uint64_t operand, std::uint64_t expected);

/// Fails the running job with `error` (for destructors, which cannot throw): Runtime::run
/// rethrows it.
void fail_job(Context&, std::exception_ptr error) noexcept;
/// Cancels the running job from a destructor that runs while its thread unwinds from an
/// exception it cannot see: every waiter wakes and throws. Runtime::run rethrows that exception
/// once it arrives, or else a pgasmr::error naming `operation` and `cause`.
void cancel_job_while_unwinding(Context&, const char* operation, const char* cause) noexcept;

/// Makes the calling OS thread act for `me`'s PGAS thread in error messages: for a helper
/// thread that works on its behalf (the collectives' progress threads).
void act_for(const Context& me) noexcept;

class Liveness;

/// `me` gives its helper thread (its progress thread) a piece of work, before posting it: the
/// work counts as progress, for the job's watch on its threads (Runtime::run, pgas/src/liveness),
/// until the helper's HelperAtWork for it ends.
void helper_given_work(const Context& me) noexcept;

/// While it lives, the calling helper thread does a piece of work given by `me`; its waits are
/// noted as `me`'s own would be.
class HelperAtWork {
 public:
  explicit HelperAtWork(const Context& me) noexcept;
  ~HelperAtWork();
  HelperAtWork(const HelperAtWork&) = delete;
  HelperAtWork& operator=(const HelperAtWork&) = delete;

 private:
  Liveness& liveness_;
  int local_;
};

/// Marks a wait of the calling thread while it lives, for the job's watch on its threads
/// (Runtime::run): a thread in one wait throughout a second, while every other has returned or
/// waits too, waits for nothing that can still come. Every waiting loop holds one, around its
/// poll_round calls too.
class WaitNote {
 public:
  WaitNote() noexcept;
  ~WaitNote();
  WaitNote(const WaitNote&) = delete;
  WaitNote& operator=(const WaitNote&) = delete;
};

/// One round of waiting for a word that another thread of this process sets without a futex
/// to wake on (the collectives' mailboxes): throws once the job is cancelled, then pauses (the
/// first `spin_rounds` rounds), yields or sleeps briefly, longer as `round` grows.
void poll_round(Context&, unsigned round, unsigned spin_rounds);

/// Shared heap: symmetric (same offset on every thread) and per-thread local allocations.
std::size_t allocate_symmetric(Context&, std::size_t bytes_per_thread);
std::size_t allocate_symmetric_collective(Context&, std::size_t bytes_per_thread);
std::size_t allocate_local(Context&, std::size_t bytes);
void free_shared(Context&, thread_id thread, std::size_t offset);
/// Collective free for destructors: barrier, then one thread frees. Never throws; does nothing
/// once the job is cancelled (the segments are discarded with it) or while the calling thread
/// unwinds from an exception (which is about to cancel the job).
void release_collective(Context&, thread_id thread, std::size_t offset) noexcept;

}  // namespace pgasmr::pgas::detail
