#pragma once
// How the processes of a job reach each other. The local transport is one process; the MPI
// transport joins every process of MPI_COMM_WORLD. Memory that this process maps (its own
// segments, and with shared segments those of the other processes on its host) is accessed
// with plain pointers; only the rest goes through these calls.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/process_group.hpp>

namespace pgasmr::pgas::detail {

using pgas::ProcessGroup;

/// The shared segments of this process's threads, and one-sided access to other processes'.
class Transport {
 public:
  virtual ~Transport() = default;

  virtual int processes() const = 0;
  virtual int process() const = 0;

  /// Start of this process's segments: threads_per_process consecutive segments, followed by
  /// one staging area per thread (staging_bytes() each) for the collectives.
  virtual std::byte* segments() = 0;
  /// Start of `process`'s segments in this address space, or nullptr when only the one-sided
  /// calls below reach them.
  virtual std::byte* mapped_segments(int process) = 0;
  /// Processes with the same value map each other's segments (every process its own value
  /// without shared segments); the same answer in every process.
  virtual int mapping_group(int process) const = 0;
  /// Bytes of each thread's staging area: 0 without shared segments.
  virtual std::size_t staging_bytes() const = 0;

  // One-sided access to another process's segments, at byte `displacement` from the start of
  // its segments. Only called for processes that this one does not map.
  virtual void get(void* dst, int process, std::size_t displacement, std::size_t bytes) = 0;
  virtual void put(int process, std::size_t displacement, const void* src, std::size_t bytes) = 0;
  /// Start without completing; complete with flush(process).
  virtual void get_nb(void* dst, int process, std::size_t displacement, std::size_t bytes) = 0;
  virtual void put_nb(int process, std::size_t displacement, const void* src, std::size_t bytes) = 0;
  virtual void flush(int process) = 0;
  /// Completes every outstanding transfer and orders this process's memory accesses.
  virtual void flush_all_and_sync() = 0;

  /// Atomic on a 4- or 8-byte word of any process (including this one).
  virtual std::uint64_t atomic(atomic_op op, std::size_t width, bool is_signed, int process,
                               std::size_t displacement, std::uint64_t operand, std::uint64_t expected) = 0;

  /// The group of all processes (nullptr with one process).
  virtual std::unique_ptr<ProcessGroup> world_group() = 0;
  /// For the liveness watch: the collective calls this process has begun on its one live group
  /// whose id has these low 32 bits (the watches publish no more of it); nullopt when it has
  /// none such, or several.
  virtual std::optional<std::uint64_t> collective_calls_begun(std::uint32_t group_id_low_bits) const = 0;

  /// Ends every process of the job with a non-zero status (after a failure in this one).
  [[noreturn]] virtual void abort_job() = 0;

  /// Collective over the processes: before each job (`starts_job`), and once when the runtime
  /// ends (its destructor, or exit() without it). A process that ends its runtime (returns from
  /// main, calls exit) while another starts a job would leave that one waiting for it for ever:
  /// when they disagree, every process says which did what and the job ends (status 1).
  virtual void agree_on_next_step(bool starts_job) = 0;
};

/// Prints `pgasmr: process P failed: ...` for `error` on stderr: the line every process of a
/// multi-process job prints before it ends the job for a failure of its own.
void print_failure_of_process(int process, const std::exception_ptr& error);

/// One process: segments in anonymous memory, nothing remote.
std::unique_ptr<Transport> make_local_transport(std::size_t segment_bytes, int threads_per_process);

/// Every process of MPI_COMM_WORLD (initialises MPI if needed). With `shared_segments`, the
/// processes of one host map each other's segments (and staging areas of `staging_bytes` per
/// thread). Throws pgasmr::error when the library was built without MPI.
std::unique_ptr<Transport> make_mpi_transport(std::size_t segment_bytes, int threads_per_process,
                                              bool shared_segments, std::size_t staging_bytes);

/// True when this process was started by mpirun / an MPI launcher.
bool launched_by_mpi() noexcept;

}  // namespace pgasmr::pgas::detail
