// One-sided transfers and atomics: plain memory for every segment this process maps (its own,
// and with shared segments those of its host), the transport otherwise.

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>

#include "current_thread.hpp"
#include "job.hpp"

namespace pgasmr::pgas::detail {

thread_id calling_thread(const Context& me) noexcept { return me.thread(); }

void fail_job(Context& me, std::exception_ptr error) noexcept { me.job().cancellation().cancel(error); }

void cancel_job_while_unwinding(Context& me, const char* operation, const char* cause) noexcept {
  // A job_cancelled gives way to the error that arrives after it (see Cancellation::cancel).
  me.job().cancellation().cancel(std::make_exception_ptr(job_cancelled(operation, me.thread(), cause)));
}

void act_for(const Context& me) noexcept { set_current_thread(me.thread()); }

void poll_round(Context& me, unsigned round, unsigned spin_rounds) {
  me.job().cancellation().throw_if_cancelled();
  back_off(round, spin_rounds);
}

std::byte* direct_address(const Context& me, thread_id thread, std::size_t offset) {
  me.job().check_range("global_ptr", thread, offset, 0);
  return me.job().direct(thread, offset);
}

std::byte* mapped_address(const Context& me, thread_id thread, std::size_t offset) {
  me.job().check_range("global_ptr", thread, offset, 0);
  return me.job().mapped(thread, offset);
}

std::size_t staging_bytes(const Context& me) noexcept { return me.job().staging_bytes(); }

bool shares_segments(const Context& me, int a, int b) noexcept { return me.job().shares_segments(a, b); }

std::span<std::byte> staging_area(const Context& me, thread_id thread) {
  auto* area = me.job().staging(thread);
  return area ? std::span(area, me.job().staging_bytes()) : std::span<std::byte>();
}

std::byte* checked_direct_address(const Context& me, thread_id thread, std::size_t offset) {
  if (auto* address = direct_address(me, thread, offset)) return address;
  throw_error("global_ptr::local", "thread " + std::to_string(thread) + " lives in process " +
                                       std::to_string(me.job().process_of(thread)) +
                                       "; only memory of this process (" + std::to_string(me.process()) +
                                       ") has a local address; use get/put/memget/memput");
}

void get_bytes(Context& me, void* dst, thread_id src_thread, std::size_t src_offset, std::size_t bytes,
               const char* operation) {
  auto& job = me.job();
  job.check_range(operation, src_thread, src_offset, bytes);
  if (bytes == 0) return;
  if (auto* src = job.mapped(src_thread, src_offset)) {
    std::memcpy(dst, src, bytes);
    return;
  }
  job.transport().get(dst, job.process_of(src_thread), job.displacement(src_thread, src_offset), bytes);
}

void put_bytes(Context& me, thread_id dst_thread, std::size_t dst_offset, const void* src, std::size_t bytes,
               const char* operation) {
  auto& job = me.job();
  job.check_range(operation, dst_thread, dst_offset, bytes);
  if (bytes == 0) return;
  if (auto* dst = job.mapped(dst_thread, dst_offset)) {
    std::memcpy(dst, src, bytes);
    return;
  }
  job.transport().put(job.process_of(dst_thread), job.displacement(dst_thread, dst_offset), src, bytes);
}

void copy_bytes(Context& me, thread_id dst_thread, std::size_t dst_offset, thread_id src_thread,
                std::size_t src_offset, std::size_t bytes) {
  auto& job = me.job();
  job.check_range("memcpy", dst_thread, dst_offset, bytes);
  job.check_range("memcpy", src_thread, src_offset, bytes);
  if (bytes == 0) return;
  auto* dst = job.mapped(dst_thread, dst_offset);
  auto* src = job.mapped(src_thread, src_offset);
  if (dst && src) {
    std::memmove(dst, src, bytes);
  } else if (src) {
    put_bytes(me, dst_thread, dst_offset, src, bytes);
  } else if (dst) {
    get_bytes(me, dst, src_thread, src_offset, bytes);
  } else {  // both in other processes: stage through a bounded private buffer
    constexpr std::size_t chunk = std::size_t{1} << 20;
    std::vector<std::byte> staging(std::min(bytes, chunk));
    for (std::size_t done = 0; done < bytes; done += staging.size()) {
      auto n = std::min(staging.size(), bytes - done);
      get_bytes(me, staging.data(), src_thread, src_offset + done, n);
      put_bytes(me, dst_thread, dst_offset + done, staging.data(), n);
    }
  }
}

int get_bytes_nb(Context& me, void* dst, thread_id src_thread, std::size_t src_offset, std::size_t bytes) {
  auto& job = me.job();
  job.check_range("memget_nb", src_thread, src_offset, bytes);
  if (bytes == 0) return -1;
  if (auto* src = job.mapped(src_thread, src_offset)) {
    std::memcpy(dst, src, bytes);
    return -1;
  }
  auto process = job.process_of(src_thread);
  job.transport().get_nb(dst, process, job.displacement(src_thread, src_offset), bytes);
  return process;
}

int put_bytes_nb(Context& me, thread_id dst_thread, std::size_t dst_offset, const void* src, std::size_t bytes) {
  auto& job = me.job();
  job.check_range("memput_nb", dst_thread, dst_offset, bytes);
  if (bytes == 0) return -1;
  if (auto* dst = job.mapped(dst_thread, dst_offset)) {
    std::memcpy(dst, src, bytes);
    return -1;
  }
  auto process = job.process_of(dst_thread);
  job.transport().put_nb(process, job.displacement(dst_thread, dst_offset), src, bytes);
  return process;
}

void complete_transfers(Context& me, int process) { me.job().transport().flush(process); }

std::uint64_t atomic_bytes(Context& me, atomic_op op, std::size_t width, bool is_signed, thread_id thread,
                           std::size_t offset, std::uint64_t operand, std::uint64_t expected) {
  auto& job = me.job();
  job.check_range("atomic", thread, offset, width);
  if (offset % width != 0)
    throw_error("atomic", "offset " + std::to_string(offset) + " is not aligned to the " + std::to_string(width) +
                              "-byte operand");
  return job.atomic(op, width, is_signed, thread, offset, operand, expected);
}

}  // namespace pgasmr::pgas::detail
