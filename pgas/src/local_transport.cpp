// The transport of a single process: segments in anonymous memory, no other processes.

#include <sys/mman.h>

#include <cstdlib>
#include <string>

#include <pgasmr/pgas/error.hpp>

#include "transport.hpp"

namespace pgasmr::pgas::detail {
namespace {

class LocalTransport final : public Transport {
 public:
  LocalTransport(std::size_t segment_bytes, int threads_per_process)
      : bytes_(segment_bytes * static_cast<std::size_t>(threads_per_process)) {
    // Reserved, not committed: pages cost memory only once touched.
    void* memory = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED)
      throw_error("Runtime", "cannot reserve " + std::to_string(bytes_) +
                                 " bytes for the shared segments; lower --segment-size or PGASMR_SEGMENT_SIZE");
    base_ = static_cast<std::byte*>(memory);
  }
  ~LocalTransport() override { munmap(base_, bytes_); }

  int processes() const override { return 1; }
  int process() const override { return 0; }
  std::byte* segments() override { return base_; }
  std::byte* mapped_segments(int) override { return base_; }
  int mapping_group(int) const override { return 0; }
  std::size_t staging_bytes() const override { return 0; }

  // There is no other process, so Job never routes an access here.
  void get(void*, int, std::size_t, std::size_t) override { unreachable(); }
  void put(int, std::size_t, const void*, std::size_t) override { unreachable(); }
  void get_nb(void*, int, std::size_t, std::size_t) override { unreachable(); }
  void put_nb(int, std::size_t, const void*, std::size_t) override { unreachable(); }
  void flush(int) override {}
  void flush_all_and_sync() override {}
  std::uint64_t atomic(atomic_op, std::size_t, bool, int, std::size_t, std::uint64_t, std::uint64_t) override {
    unreachable();
  }
  std::unique_ptr<ProcessGroup> world_group() override { return nullptr; }
  std::optional<std::uint64_t> collective_calls_begun(std::uint32_t) const override { return std::nullopt; }
  void agree_on_next_step(bool) override {}
  [[noreturn]] void abort_job() override { std::abort(); }

 private:
  [[noreturn]] static void unreachable() { throw_error("transport", "internal error: remote access in a one-process job"); }

  std::size_t bytes_;
  std::byte* base_ = nullptr;
};

}  // namespace

std::unique_ptr<Transport> make_local_transport(std::size_t segment_bytes, int threads_per_process) {
  return std::make_unique<LocalTransport>(segment_bytes, threads_per_process);
}

bool launched_by_mpi() noexcept {
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(variable)) return true;
  return false;
}

}  // namespace pgasmr::pgas::detail
