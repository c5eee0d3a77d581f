// The Open MPI transport. With shared segments, the processes of each host allocate their
// segments in one MPI-3 shared-memory window and map each other's; an RMA window over the same
// memory (passive target, lock_all for the whole job) reaches the processes of other hosts.
// Without, one RMA window over every process's segments. The process groups of teams are in
// mpi_group.cpp.

#include <mpi.h>
#include <sys/statvfs.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <pgasmr/pgas/error.hpp>

#include "job.hpp"
#include "mpi_calls.hpp"
#include "mpi_group.hpp"
#include "segment_layout.hpp"
#include "transport.hpp"

namespace pgasmr::pgas::detail {
namespace {

class MpiTransport;

/// The transport of this process's Runtime while it lives: exit() skips its destructor, so
/// finalize_mpi ends it in its place.
std::atomic<MpiTransport*> live_transport{nullptr};

void end_live_transport();

/// At exit. A process that exits while its job runs (exit() in the body) leaves the other
/// processes waiting in the job's calls and itself in MPI_Finalize waiting for them: it ends
/// the whole job instead.
void finalize_mpi() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  int processes = 1, process = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &processes);
  MPI_Comm_rank(MPI_COMM_WORLD, &process);
  if (Job::running_serial() != 0 && processes > 1) {
    std::fprintf(stderr, "pgasmr: process %d exited while its job was running: the job ends\n", process);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  end_live_transport();
  MPI_Finalize();
}

void ensure_mpi_initialized() {
  static std::once_flag once;
  std::call_once(once, [] {
    int initialized = 0;
    MPI_Initialized(&initialized);
    int provided = 0;
    if (initialized) {
      MPI_Query_thread(&provided);
    } else {
      // Open MPI 4.1 prefers osc/rdma (priority 101) even when every process shares one node,
      // and its emulated MPI_Compare_and_swap over the vader BTL crashes. Rank it below
      // osc/sm (100), which then serves single-node windows with plain shared memory; windows
      // that span nodes still use osc/rdma. A value set by the user wins.
      setenv("OMPI_MCA_osc_rdma_priority", "50", 0);
      check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided), "MPI_Init_thread");
      std::atexit(finalize_mpi);
    }
    if (provided < MPI_THREAD_MULTIPLE)
      throw_error("Runtime", "the MPI library does not provide MPI_THREAD_MULTIPLE, which pgasmr's threads need");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  });
}

MPI_Datatype word_type(std::size_t width, bool is_signed) {
  if (width == 8) return is_signed ? MPI_INT64_T : MPI_UINT64_T;
  return is_signed ? MPI_INT32_T : MPI_UINT32_T;
}

class MpiTransport final : public Transport {
 public:
  MpiTransport(std::size_t segment_bytes, int threads_per_process, bool shared_segments, std::size_t staging_bytes)
      : staging_bytes_(shared_segments ? staging_bytes : 0) {
    ensure_mpi_initialized();
    MPI_Comm_size(MPI_COMM_WORLD, &processes_);
    MPI_Comm_rank(MPI_COMM_WORLD, &process_);
    require_same_settings(segment_bytes, threads_per_process, shared_segments);
    // A window that one process fails to allocate leaves the others inside the collective call
    // for ever: such a failure ends every process (a refusal that every process makes alike
    // leaves as any error does).
    try {
      allocate_segments(segment_bytes, threads_per_process, shared_segments);
    } catch (...) {
      if (processes_ == 1 || refused_alike_) throw;
      print_failure_of_process(process_, std::current_exception());
      abort_job();
    }
    check(MPI_Comm_dup(MPI_COMM_WORLD, &steps_), "MPI_Comm_dup");
    live_transport.store(this);
  }
  ~MpiTransport() override { end(); }

  /// Agrees with the others that the runtime ends, then frees its windows (collective calls).
  void end() {
    if (steps_ == MPI_COMM_NULL) return;
    agree_on_next_step(false);
    live_transport.store(nullptr);
    MPI_Comm_free(&steps_);
    if (window_ != MPI_WIN_NULL) {
      MPI_Win_unlock_all(window_);
      MPI_Win_free(&window_);
    }
    if (host_window_ != MPI_WIN_NULL) {
      MPI_Win_unlock_all(host_window_);
      MPI_Win_free(&host_window_);
      MPI_Comm_free(&host_);
    }
  }

  void agree_on_next_step(bool starts_job) override {
    // On a communicator of its own, so that whatever one process does matches what the others
    // do here, and nothing else.
    const char mine = starts_job ? 1 : 0;
    std::vector<char> steps(static_cast<std::size_t>(processes_));
    check(MPI_Allgather(&mine, 1, MPI_CHAR, steps.data(), 1, MPI_CHAR, steps_), "MPI_Allgather");
    if (std::ranges::count(steps, mine) == processes_) return;
    auto taking = [&](char step) {  // "process 1", "processes 1, 3"
      std::string list;
      for (int p = 0; p < processes_; ++p)
        if (steps[static_cast<std::size_t>(p)] == step) list += (list.empty() ? "" : ", ") + std::to_string(p);
      return (list.find(',') == std::string::npos ? "process " : "processes ") + list;
    };
    std::fprintf(stderr,
                 "pgasmr: %s started a job while %s ended the runtime (returned from main, or called exit, without "
                 "running it): every process must run the same jobs\n",
                 taking(1).c_str(), taking(0).c_str());
    std::fflush(stderr);
    abort_job();
  }

  int processes() const override { return processes_; }
  int process() const override { return process_; }
  std::byte* segments() override { return mapped_[static_cast<std::size_t>(process_)]; }
  std::byte* mapped_segments(int process) override { return mapped_[static_cast<std::size_t>(process)]; }
  int mapping_group(int process) const override { return mapping_group_[static_cast<std::size_t>(process)]; }
  std::size_t staging_bytes() const override { return staging_bytes_; }

  void get(void* dst, int process, std::size_t displacement, std::size_t bytes) override {
    get_nb(dst, process, displacement, bytes);
    flush(process);
  }
  void put(int process, std::size_t displacement, const void* src, std::size_t bytes) override {
    put_nb(process, displacement, src, bytes);
    flush(process);
  }
  void get_nb(void* dst, int process, std::size_t displacement, std::size_t bytes) override {
    in_pieces(bytes, [&](std::size_t done, int n) {
      check(MPI_Get(static_cast<std::byte*>(dst) + done, n, MPI_BYTE, process,
                    target(process, displacement + done), n, MPI_BYTE, window_),
            "MPI_Get");
    });
  }
  void put_nb(int process, std::size_t displacement, const void* src, std::size_t bytes) override {
    in_pieces(bytes, [&](std::size_t done, int n) {
      check(MPI_Put(static_cast<const std::byte*>(src) + done, n, MPI_BYTE, process,
                    target(process, displacement + done), n, MPI_BYTE, window_),
            "MPI_Put");
    });
  }
  void flush(int process) override { check(MPI_Win_flush(process, window_), "MPI_Win_flush"); }
  void flush_all_and_sync() override {
    if (window_ != MPI_WIN_NULL) {
      check(MPI_Win_flush_all(window_), "MPI_Win_flush_all");
      check(MPI_Win_sync(window_), "MPI_Win_sync");
    }
    // Plain stores into the host's shared memory: a full fence (MPI_Win_sync is one).
    if (host_window_ != MPI_WIN_NULL) check(MPI_Win_sync(host_window_), "MPI_Win_sync");
  }

  std::uint64_t atomic(atomic_op op, std::size_t width, bool is_signed, int process, std::size_t displacement,
                       std::uint64_t operand, std::uint64_t expected) override {
    return width == 8 ? atomic_word<std::uint64_t>(op, is_signed, process, displacement, operand, expected)
                      : atomic_word<std::uint32_t>(op, is_signed, process, displacement, operand, expected);
  }

  std::optional<std::uint64_t> collective_calls_begun(std::uint32_t group_id_low_bits) const override {
    return detail::collective_calls_begun(group_id_low_bits);
  }

  std::unique_ptr<ProcessGroup> world_group() override {
    if (processes_ == 1) return nullptr;
    return make_world_group(world_groups_++);  // every process calls alike
  }

  [[noreturn]] void abort_job() override {
    MPI_Abort(MPI_COMM_WORLD, 1);
    std::abort();
  }

 private:
  /// This process's segments in an MPI window: with shared segments, in the host's shared
  /// memory, mapping the other processes' of the host; without, in an RMA window.
  void allocate_segments(std::size_t segment_bytes, int threads_per_process, bool shared_segments) {
    mapped_.assign(static_cast<std::size_t>(processes_), nullptr);
    mapping_group_.resize(static_cast<std::size_t>(processes_));
    for (int p = 0; p < processes_; ++p) mapping_group_[static_cast<std::size_t>(p)] = p;
    auto bytes = (segment_bytes + staging_bytes_) * static_cast<std::size_t>(threads_per_process);
    // MPI aligns windows only loosely (Open MPI's osc/sm: 8 bytes), so allocate slack and start
    // the segments at the next SegmentLayout::alignment boundary.
    auto window_bytes = static_cast<MPI_Aint>(bytes + SegmentLayout::alignment);
    if (shared_segments) {
      map_host(window_bytes);
      // Processes on other hosts still need one-sided access: a window over the same memory.
      if (host_size_ < processes_)
        check(MPI_Win_create(base_, window_bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &window_), "MPI_Win_create");
    } else {
      check_allocation(MPI_Win_allocate(window_bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base_, &window_),
                       "MPI_Win_allocate", window_bytes);
      mapped_[static_cast<std::size_t>(process_)] = aligned(base_);
    }
    if (window_ == MPI_WIN_NULL) return;
    MPI_Win_set_errhandler(window_, MPI_ERRORS_RETURN);
    // Every process learns where the others' segments start in their part of the window.
    unsigned long long start = static_cast<unsigned long long>(segments() - static_cast<std::byte*>(base_));
    starts_.resize(static_cast<std::size_t>(processes_));
    check(MPI_Allgather(&start, 1, MPI_UNSIGNED_LONG_LONG, starts_.data(), 1, MPI_UNSIGNED_LONG_LONG, MPI_COMM_WORLD),
          "MPI_Allgather");
    check(MPI_Win_lock_all(MPI_MODE_NOCHECK, window_), "MPI_Win_lock_all");
  }

  /// Throws pgasmr::error, in every process alike, unless every process was started with the
  /// same settings: the segments' layout and THREADS follow from them (different --threads
  /// passed unnoticed, and one process's segments read past another's).
  void require_same_settings(std::size_t segment_bytes, int threads_per_process, bool shared_segments) const {
    const unsigned long long mine[3] = {static_cast<unsigned long long>(threads_per_process), segment_bytes,
                                        shared_segments ? 1ull : 0ull};
    std::vector<unsigned long long> all(3 * static_cast<std::size_t>(processes_));
    check(MPI_Allgather(mine, 3, MPI_UNSIGNED_LONG_LONG, all.data(), 3, MPI_UNSIGNED_LONG_LONG, MPI_COMM_WORLD),
          "MPI_Allgather");
    auto settings = [&](int p) {
      const auto* s = &all[3 * static_cast<std::size_t>(p)];
      return "--threads " + std::to_string(s[0]) + " --segment-size " + std::to_string(s[1]) +
             " --shared-segments " + (s[2] ? "on" : "off");
    };
    for (int p = 1; p < processes_; ++p)
      if (!std::equal(all.begin(), all.begin() + 3, all.begin() + 3 * p))
        throw_error("Runtime", "process " + std::to_string(p) + " runs with " + settings(p) + ", process 0 with " +
                                   settings(0) + ": every process must be started with the same runtime settings");
  }

  static std::byte* aligned(void* base) {
    constexpr auto alignment = SegmentLayout::alignment;
    auto address = reinterpret_cast<std::uintptr_t>(base);
    return static_cast<std::byte*>(base) + (alignment - address % alignment) % alignment;
  }

  /// Open MPI backs a host's shared window with a file in its backing directory (/dev/shm unless
  /// OMPI_MCA_osc_sm_backing_directory names another) and fails on one process when the file does
  /// not fit there. Throws pgasmr::error first, in every process alike, when some host lacks room.
  void require_room_for_host_window(MPI_Aint window_bytes) {
    const char* directory = std::getenv("OMPI_MCA_osc_sm_backing_directory");
    if (directory == nullptr || *directory == '\0') directory = "/dev/shm";
    struct statvfs file_system{};
    const auto need = static_cast<unsigned long long>(window_bytes) * static_cast<unsigned long long>(host_size_);
    const unsigned long long room = statvfs(directory, &file_system) == 0
                                        ? static_cast<unsigned long long>(file_system.f_bavail) * file_system.f_frsize
                                        : ULLONG_MAX;  // not found: MPI knows better
    int fits = need <= room ? 1 : 0, every_host_fits = 0;
    check(MPI_Allreduce(&fits, &every_host_fits, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD), "MPI_Allreduce");
    if (every_host_fits) return;
    refused_alike_ = true;
    // Not --shared-segments off: Open MPI's window between the processes of a host is a file in
    // the same directory then.
    const std::string remedy =
        ": lower --segment-size or --threads, or name a larger directory in OMPI_MCA_osc_sm_backing_directory";
    if (!fits)
      throw_error("Runtime", "the shared segments of this host's " + std::to_string(host_size_) + " processes need " +
                                 std::to_string(need) + " bytes in " + directory + ", which has " +
                                 std::to_string(room) + " free" + remedy);
    throw_error("Runtime", "the shared segments do not fit in another host's shared memory" + remedy);
  }

  /// Allocates this process's segments in shared memory among the processes of its host and
  /// maps every one of theirs.
  void map_host(MPI_Aint window_bytes) {
    check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, process_, MPI_INFO_NULL, &host_),
          "MPI_Comm_split_type");
    MPI_Comm_size(host_, &host_size_);
    require_room_for_host_window(window_bytes);
    // Each process's part on its own pages: first touched by its own threads (NUMA locality),
    // and page-aligned in every process's mapping, so that aligned() finds the same start.
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    int code = MPI_Win_allocate_shared(window_bytes, 1, info, host_, &base_, &host_window_);
    MPI_Info_free(&info);
    check_allocation(code, "MPI_Win_allocate_shared", window_bytes);
    MPI_Win_set_errhandler(host_window_, MPI_ERRORS_RETURN);
    check(MPI_Win_lock_all(MPI_MODE_NOCHECK, host_window_), "MPI_Win_lock_all");  // for MPI_Win_sync
    const auto world_ranks = world_ranks_of(host_, host_size_);
    for (int r = 0; r < host_size_; ++r) {
      MPI_Aint size = 0;
      int unit = 0;
      void* peer = nullptr;
      check(MPI_Win_shared_query(host_window_, r, &size, &unit, &peer), "MPI_Win_shared_query");
      mapped_[static_cast<std::size_t>(world_ranks[static_cast<std::size_t>(r)])] = aligned(peer);
    }
    // A host's processes are known by its first one's rank.
    check(MPI_Allgather(&world_ranks[0], 1, MPI_INT, mapping_group_.data(), 1, MPI_INT, MPI_COMM_WORLD), "MPI_Allgather");
  }

  /// Window displacement of byte `displacement` of `process`'s segments.
  MPI_Aint target(int process, std::size_t displacement) const {
    return static_cast<MPI_Aint>(starts_[static_cast<std::size_t>(process)] + displacement);
  }

  template <class Word>
  std::uint64_t atomic_word(atomic_op op, bool is_signed, int process, std::size_t displacement, std::uint64_t operand,
                            std::uint64_t expected) {
    auto type = word_type(sizeof(Word), is_signed);
    auto at = target(process, displacement);
    Word value = static_cast<Word>(operand), compare = static_cast<Word>(expected), result = 0;
    switch (op) {
      case atomic_op::load:
        check(MPI_Fetch_and_op(nullptr, &result, type, process, at, MPI_NO_OP, window_), "MPI_Fetch_and_op");
        break;
      case atomic_op::store:
        check(MPI_Fetch_and_op(&value, &result, type, process, at, MPI_REPLACE, window_), "MPI_Fetch_and_op");
        break;
      case atomic_op::fetch_add:
        check(MPI_Fetch_and_op(&value, &result, type, process, at, MPI_SUM, window_), "MPI_Fetch_and_op");
        break;
      case atomic_op::compare_exchange:
        check(MPI_Compare_and_swap(&value, &compare, &result, type, process, at, window_), "MPI_Compare_and_swap");
        break;
    }
    flush(process);
    return result;
  }

  int processes_ = 1;
  int process_ = 0;
  std::uint64_t world_groups_ = 0;  // made so far
  std::size_t staging_bytes_;
  void* base_ = nullptr;                    ///< this process's part of the window
  std::vector<std::byte*> mapped_;          ///< per process: its segments in this address space
  std::vector<int> mapping_group_;          ///< per process: see mapping_group()
  std::vector<unsigned long long> starts_;  ///< per process: where its segments start in the window
  MPI_Win window_ = MPI_WIN_NULL;           ///< one-sided access to processes that are not mapped
  MPI_Comm host_ = MPI_COMM_NULL;           ///< shared segments: the processes of this host
  int host_size_ = 1;
  MPI_Win host_window_ = MPI_WIN_NULL;      ///< shared segments: the host's shared memory
  bool refused_alike_ = false;              ///< every process refused the segments in the same call
  MPI_Comm steps_ = MPI_COMM_NULL;          ///< agree_on_next_step's (null once ended)
};

void end_live_transport() {
  if (auto* transport = live_transport.load()) transport->end();
}

}  // namespace

std::unique_ptr<Transport> make_mpi_transport(std::size_t segment_bytes, int threads_per_process,
                                              bool shared_segments, std::size_t staging_bytes) {
  return std::make_unique<MpiTransport>(segment_bytes, threads_per_process, shared_segments, staging_bytes);
}

}  // namespace pgasmr::pgas::detail
