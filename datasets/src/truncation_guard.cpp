#include "truncation_guard.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <utility>

#include "write_watch.hpp"

namespace pgasmr::datasets::detail {
namespace {

/// A watched mapping. The handler reads only the atomics; the rest is for its owner's checks.
struct Slot {
  std::atomic<std::uintptr_t> begin{0};  // 0: not watching
  std::atomic<std::uintptr_t> end{0};
  std::atomic<bool> shrank{false};
  std::string path;  // under slots_mutex
  int fd = -1;  // under slots_mutex
  std::int64_t modified_ns = 0;  // under slots_mutex
  int write_watch = -1;  // under slots_mutex
  bool taken = false;  // under slots_mutex
};

constexpr std::size_t slot_count = 1024;
std::array<Slot, slot_count> slots;
std::mutex slots_mutex;
struct sigaction previous_action {};
std::uintptr_t page_bytes = 4096;

void pass_on(int signal, siginfo_t* info, void* context) {
  if (previous_action.sa_flags & SA_SIGINFO) return previous_action.sa_sigaction(signal, info, context);
  if (previous_action.sa_handler != SIG_DFL && previous_action.sa_handler != SIG_IGN)
    return previous_action.sa_handler(signal);
  // The default: returning re-runs the faulting access, which now ends the process.
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  ::sigaction(signal, &fallback, nullptr);
}

void on_bus_error(int signal, siginfo_t* info, void* context) {
  const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  for (auto& slot : slots) {
    const auto begin = slot.begin.load(std::memory_order_acquire);
    const auto end = slot.end.load(std::memory_order_acquire);
    if (begin == 0 || address < begin || address >= end) continue;
    // Zero pages from the faulting one to the mapping's end: all past the file's new end.
    const auto from = address & ~(page_bytes - 1);
    const auto to = (end + page_bytes - 1) & ~(page_bytes - 1);
    void* zeros = ::mmap(reinterpret_cast<void*>(from), to - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                         -1, 0);
    if (zeros == MAP_FAILED) break;
    slot.shrank.store(true, std::memory_order_release);
    return;
  }
  pass_on(signal, info, context);
}

void install_handler() {
  page_bytes = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  struct sigaction action {};
  action.sa_sigaction = on_bus_error;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGBUS, &action, &previous_action);
}

/// Whether `slot`'s file was modified since it was mapped (or can no longer be told). Under slots_mutex.
bool modified_since_mapped(const Slot& slot) noexcept {
  struct stat status {};
  if (::fstat(slot.fd, &status) != 0) return true;
  const auto modified_ns = static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 + status.st_mtim.tv_nsec;
  return modified_ns != slot.modified_ns || write_ended(slot.write_watch);
}

}  // namespace

int guard_mapping(const std::byte* data, std::size_t bytes, const std::string& path, int fd, std::int64_t modified_ns,
                  int write_watch) {
  static std::once_flag installed;
  std::call_once(installed, install_handler);
  std::lock_guard lock(slots_mutex);
  for (std::size_t i = 0; i < slot_count; ++i) {
    auto& slot = slots[i];
    if (slot.taken) continue;
    slot.taken = true;
    slot.path = path;
    slot.fd = fd;
    slot.modified_ns = modified_ns;
    slot.write_watch = write_watch;
    slot.shrank.store(false, std::memory_order_relaxed);
    slot.end.store(reinterpret_cast<std::uintptr_t>(data) + bytes, std::memory_order_release);
    slot.begin.store(reinterpret_cast<std::uintptr_t>(data), std::memory_order_release);
    return static_cast<int>(i);
  }
  end_write_watch(write_watch);  // nothing will check it
  return -1;
}

void unguard_mapping(int slot) noexcept {
  if (slot < 0) return;
  auto& watched = slots[static_cast<std::size_t>(slot)];
  std::lock_guard lock(slots_mutex);
  watched.begin.store(0, std::memory_order_release);
  watched.end.store(0, std::memory_order_release);
  watched.fd = -1;
  end_write_watch(std::exchange(watched.write_watch, -1));
  watched.taken = false;
}

bool mapping_shrank(int slot) noexcept {
  return slot >= 0 && slots[static_cast<std::size_t>(slot)].shrank.load(std::memory_order_acquire);
}

bool mapping_modified(int slot) noexcept {
  if (slot < 0) return false;
  std::lock_guard lock(slots_mutex);
  return modified_since_mapped(slots[static_cast<std::size_t>(slot)]);
}

std::optional<ChangedMapping> some_changed_mapping() {
  std::lock_guard lock(slots_mutex);
  for (const auto& slot : slots) {
    if (!slot.taken) continue;
    if (slot.shrank.load(std::memory_order_acquire)) return ChangedMapping{slot.path, true};
    if (modified_since_mapped(slot)) return ChangedMapping{slot.path, false};
  }
  return std::nullopt;
}

}  // namespace pgasmr::datasets::detail
