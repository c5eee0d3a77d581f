#include "job.hpp"

#include <numeric>
#include <string>
#include <vector>

#include "team_state.hpp"

namespace pgasmr::pgas::detail {

Job::Job(const Config& config, Transport& transport, const Topology& topology)
    : processes_(transport.processes()),
      process_(transport.process()),
      threads_per_process_(static_cast<int>(*config.threads_per_process)),
      layout_(config.segment_bytes),
      transport_(transport),
      topology_(topology) {
  std::vector<thread_id> everyone(static_cast<std::size_t>(threads()));
  std::iota(everyone.begin(), everyone.end(), 0);
  world_team_ = std::make_shared<TeamState>(*this, std::move(everyone), transport.world_group());
}

Job::~Job() = default;

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

}  // namespace pgasmr::pgas::detail
