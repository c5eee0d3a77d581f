#pragma once
// Job: the state that the threads of one process share during one Runtime::run.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <pgasmr/pgas/config.hpp>
#include <pgasmr/pgas/topology.hpp>

#include "cancellation.hpp"
#include "liveness.hpp"
#include "segment_layout.hpp"
#include "transport.hpp"

namespace pgasmr::pgas::detail {

class TeamState;

class Job {
 public:
  Job(const Config& config, Transport& transport, const Topology& topology);
  ~Job();
  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;

  int threads() const noexcept { return threads_per_process_ * processes_; }
  int threads_per_process() const noexcept { return threads_per_process_; }
  int processes() const noexcept { return processes_; }
  int process() const noexcept { return process_; }
  bool multi_process() const noexcept { return processes_ > 1; }
  /// This job's number among the jobs of the process (from 1); running_serial() is the running
  /// job's, 0 between runs. A team kept past its run tells by them that its job is gone.
  std::uint64_t serial() const noexcept { return serial_; }
  static std::uint64_t running_serial() noexcept;
  int process_of(thread_id thread) const noexcept { return thread / threads_per_process_; }

  /// Throws pgasmr::error naming `operation` unless [offset, offset + bytes) lies in the
  /// segment of an existing thread.
  void check_range(const char* operation, thread_id thread, std::size_t offset, std::size_t bytes) const;
  /// The local address of (thread, offset), or nullptr when the thread is in another process.
  std::byte* direct(thread_id thread, std::size_t offset) const noexcept;
  /// The address of (thread, offset) in this process's mapping: in this process, or with shared
  /// segments in another process of this host; nullptr when only the transport reaches it.
  std::byte* mapped(thread_id thread, std::size_t offset) const noexcept {
    auto* segments = mapped_[static_cast<std::size_t>(process_of(thread))];
    return segments ? segments + displacement(thread, offset) : nullptr;
  }
  /// True when processes `a` and `b` map each other's segments (always for a == b); the same
  /// answer in every process.
  bool shares_segments(int a, int b) const noexcept {
    return mapping_group_[static_cast<std::size_t>(a)] == mapping_group_[static_cast<std::size_t>(b)];
  }
  /// Every thread's segment is mapped: atomics are CPU atomics, and no transfer needs MPI's
  /// completion or ordering.
  bool all_mapped() const noexcept { return all_mapped_; }
  /// One atomic operation on the 4- or 8-byte word at (thread, offset), in range and aligned;
  /// returns the previous value (load: the value).
  std::uint64_t atomic(atomic_op op, std::size_t width, bool is_signed, thread_id thread, std::size_t offset,
                       std::uint64_t operand, std::uint64_t expected) const;
  /// The collectives' staging area of `thread` (staging_bytes() long): where its private bytes
  /// wait for the other processes of its host. nullptr when the thread is not mapped or the job
  /// has no staging areas (one process, or shared segments off).
  std::byte* staging(thread_id thread) const noexcept;
  std::size_t staging_bytes() const noexcept { return staging_bytes_; }
  /// Byte position of (thread, offset) in its process's segments (for the transport).
  std::size_t displacement(thread_id thread, std::size_t offset) const noexcept {
    return static_cast<std::size_t>(thread % threads_per_process_) * layout_.segment + offset;
  }

  /// For one thread of each process, once all its threads have returned from the job's body:
  /// waits until every process's have. The processes meet in a group of their own, which no
  /// barrier of the body can match (a process that returned early would otherwise release a
  /// barrier that the others wait in, and leave them waiting at the end). Throws job_cancelled.
  void await_every_process();

  /// Between processes: prints `error` as this process's failure and ends every process of the
  /// job (the others cannot be unwound from here).
  [[noreturn]] void fail_every_process(const std::exception_ptr& error) const;

  Transport& transport() const noexcept { return transport_; }
  Cancellation& cancellation() noexcept { return cancellation_; }
  Liveness& liveness() noexcept { return liveness_; }
  const SegmentLayout& layout() const noexcept { return layout_; }
  const Topology& topology() const noexcept { return topology_; }
  const std::shared_ptr<TeamState>& world_team() const noexcept { return world_team_; }

 private:
  std::uint64_t serial_;
  int processes_;
  int process_;
  int threads_per_process_;
  SegmentLayout layout_;
  Transport& transport_;
  std::vector<std::byte*> mapped_;  // by process: transport().mapped_segments()
  std::vector<int> mapping_group_;  // by process: transport().mapping_group()
  bool all_mapped_ = false;
  std::size_t staging_bytes_;
  const Topology& topology_;
  Cancellation cancellation_;
  Liveness liveness_;
  std::shared_ptr<TeamState> world_team_;
  std::unique_ptr<ProcessGroup> departures_;  // every process (none with one process)
};

}  // namespace pgasmr::pgas::detail
