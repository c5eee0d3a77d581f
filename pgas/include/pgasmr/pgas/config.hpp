#pragma once
/// @file
/// Runtime configuration: how many threads, where they run, and which transport joins processes.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pgasmr::pgas {

/// Where the PGAS threads of a process are bound (through hwloc).
enum class Pinning {
  none,     ///< let the OS schedule them
  compact,  ///< thread i on the i-th core the process may use
  spread,   ///< round-robin over NUMA nodes, then cores, to spread memory bandwidth
};

/// How processes are joined.
enum class TransportKind {
  automatic,  ///< MPI when started by mpirun (and built with MPI), otherwise one local process
  local,      ///< one process, threads only, even under mpirun
  mpi,        ///< Open MPI: every process of MPI_COMM_WORLD joins
};

/// Everything a Runtime needs to start. Defaults: one thread per core hwloc reports.
struct Config {
  /// PGAS threads in each process; unset = one per core the process may use. Must be >= 1.
  std::optional<std::size_t> threads_per_process;
  Pinning pinning = Pinning::none;
  TransportKind transport = TransportKind::automatic;
  /// Shared segment of each thread (Runtime rounds it up to a multiple of 64 bytes).
  std::size_t segment_bytes = std::size_t{256} << 20;
  /// Processes on one host map each other's segments (MPI transport only): one-sided access and
  /// collectives between them are plain memory operations. Off: every byte between processes
  /// goes through MPI.
  bool shared_segments = true;

  /// Reads PGASMR_THREADS, PGASMR_PIN, PGASMR_TRANSPORT, PGASMR_SEGMENT_SIZE and
  /// PGASMR_SHARED_SEGMENTS over the defaults. Throws pgasmr::error for a malformed value, or
  /// one out of range (threads 0 or above 4096 per process, a segment too small for the heaps).
  static Config from_environment();

  /// Like from_environment, then applies `--threads N`, `--pin none|compact|spread`,
  /// `--transport auto|local|mpi`, `--segment-size BYTES[K|M|G]` and `--shared-segments on|off`
  /// (also as `--flag=value`) and removes them from `args`, leaving the program's own arguments
  /// in order.
  static Config from_arguments(std::vector<std::string>& args);

  /// One-line description of the options above, for a program's --help.
  static std::string_view help();
};

/// How many processes mpirun (or another MPI launcher) started together with this one; 0 when
/// no launcher says (run without one). A job with the local transport is one of them only.
int processes_started_by_launcher() noexcept;

std::string_view to_string(Pinning);
std::string_view to_string(TransportKind);

}  // namespace pgasmr::pgas
