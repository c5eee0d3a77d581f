#include "job.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <numeric>
#include <string>
#include <vector>

#include "team_state.hpp"

namespace pgasmr::pgas::detail {

namespace {
std::atomic<std::uint64_t> last_serial{0};
std::atomic<std::uint64_t> running{0};  // runs do not nest (Runtime::run)

template <class Word>
std::uint64_t apply_atomic(std::byte* address, atomic_op op, std::uint64_t operand, std::uint64_t expected) {
  std::atomic_ref<Word> word(*reinterpret_cast<Word*>(address));
  switch (op) {
    case atomic_op::load:
      return word.load();
    case atomic_op::store:
      word.store(static_cast<Word>(operand));
      return 0;
    case atomic_op::fetch_add:
      return word.fetch_add(static_cast<Word>(operand));
    case atomic_op::compare_exchange: {
      auto previous = static_cast<Word>(expected);
      word.compare_exchange_strong(previous, static_cast<Word>(operand));
      return previous;
    }
  }
  return 0;
}
}  // namespace

std::uint64_t Job::running_serial() noexcept { return running.load(std::memory_order_acquire); }

Job::Job(const Config& config, Transport& transport, const Topology& topology)
    : serial_(last_serial.fetch_add(1) + 1),
      processes_(transport.processes()),
      process_(transport.process()),
      threads_per_process_(static_cast<int>(*config.threads_per_process)),
      layout_(config.segment_bytes),
      transport_(transport),
      staging_bytes_(transport.staging_bytes()),
      topology_(topology),
      liveness_(threads_per_process_, process_ * threads_per_process_) {
  running.store(serial_, std::memory_order_release);
  for (int p = 0; p < processes_; ++p) {
    mapped_.push_back(transport.mapped_segments(p));
    mapping_group_.push_back(transport.mapping_group(p));
  }
  all_mapped_ = std::ranges::none_of(mapped_, [](std::byte* segments) { return segments == nullptr; });
  std::vector<thread_id> everyone(static_cast<std::size_t>(threads()));
  std::iota(everyone.begin(), everyone.end(), 0);
  world_team_ = std::make_shared<TeamState>(*this, std::move(everyone), transport.world_group());
  departures_ = transport.world_group();
}

Job::~Job() { running.store(0, std::memory_order_release); }

void Job::check_range(const char* operation, thread_id thread, std::size_t offset, std::size_t bytes) const {
  if (thread < 0 || thread >= threads())
    throw_error(operation, "thread " + std::to_string(thread) + " does not exist (THREADS is " +
                               std::to_string(threads()) + ")");
  if (offset > layout_.segment || bytes > layout_.segment - offset)
    throw_error(operation, "bytes [" + std::to_string(offset) + ", " + std::to_string(offset) + " + " +
                               std::to_string(bytes) + ") lie outside the shared segment of " +
                               std::to_string(layout_.segment) + " bytes");
}

std::byte* Job::direct(thread_id thread, std::size_t offset) const noexcept {
  if (process_of(thread) != process_) return nullptr;
  return transport_.segments() + displacement(thread, offset);
}

void print_failure_of_process(int process, const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pgasmr: process %d failed: %s\n", process, e.what());
  } catch (...) {
    std::fprintf(stderr, "pgasmr: process %d failed with a non-standard exception\n", process);
  }
  std::fflush(stderr);
}

void Job::fail_every_process(const std::exception_ptr& error) const {
  print_failure_of_process(process_, error);
  transport_.abort_job();
  std::abort();  // abort_job does not return
}

void Job::await_every_process() {
  if (!departures_) return;
  // As a team barrier between processes: their transfers complete before, and are seen after.
  transport_.flush_all_and_sync();
  departures_->barrier_start();
  poll_until(cancellation_, [&] { return departures_->barrier_test(); });
  transport_.flush_all_and_sync();
}

std::uint64_t Job::atomic(atomic_op op, std::size_t width, bool is_signed, thread_id thread, std::size_t offset,
                          std::uint64_t operand, std::uint64_t expected) const {
  // CPU atomics (also across the processes of a host, on their shared memory) when every
  // segment is mapped; otherwise every atomic goes through MPI, even on a mapped word, so that
  // CPU and MPI atomics never race on one word.
  if (!all_mapped_)
    return transport_.atomic(op, width, is_signed, process_of(thread), displacement(thread, offset), operand, expected);
  auto* address = mapped(thread, offset);
  return width == 8 ? apply_atomic<std::uint64_t>(address, op, operand, expected)
                    : apply_atomic<std::uint32_t>(address, op, operand, expected);
}

std::byte* Job::staging(thread_id thread) const noexcept {
  auto process = process_of(thread);
  auto* segments = mapped_[static_cast<std::size_t>(process)];
  if (!segments || staging_bytes_ == 0) return nullptr;
  auto per_process = static_cast<std::size_t>(threads_per_process_);
  return segments + per_process * layout_.segment + static_cast<std::size_t>(thread % threads_per_process_) * staging_bytes_;
}

}  // namespace pgasmr::pgas::detail
