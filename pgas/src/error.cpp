#include <pgasmr/pgas/error.hpp>

#include "current_thread.hpp"

namespace pgasmr {
namespace {
std::string describe(const std::string& operation, int thread, const std::string& cause) {
  if (thread < 0) return operation + ": " + cause;
  return operation + " (thread " + std::to_string(thread) + "): " + cause;
}
thread_local pgas::thread_id calling_thread = -1;
}  // namespace

error::error(std::string operation, int thread, std::string cause)
    : std::runtime_error(describe(operation, thread, cause)),
      operation_(std::move(operation)),
      thread_(thread),
      cause_(std::move(cause)) {}

void throw_error(std::string_view operation, std::string cause) {
  throw error(std::string(operation), pgas::detail::current_thread(), std::move(cause));
}

namespace pgas::detail {
thread_id current_thread() noexcept { return calling_thread; }
void set_current_thread(thread_id thread) noexcept { calling_thread = thread; }
}  // namespace pgas::detail

}  // namespace pgasmr
