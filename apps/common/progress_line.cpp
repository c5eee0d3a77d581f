#include "common/progress_line.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace pgasmr::apps {

ProgressLine::ProgressLine(std::string_view program, bool enabled, double quiet_seconds) : program_(program) {
  if (enabled && ::isatty(STDERR_FILENO) == 1) shower_ = std::thread([this, quiet_seconds] { show_until_stopped(quiet_seconds); });
}

ProgressLine::~ProgressLine() {
  if (!shower_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  shower_.join();
}

void ProgressLine::finished(std::string_view phase) {
  std::lock_guard lock(mutex_);
  last_phase_ = phase;
}

void ProgressLine::show_until_stopped(double quiet_seconds) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  std::unique_lock lock(mutex_);
  auto next = start + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(quiet_seconds));
  while (!wake_.wait_until(lock, next, [this] { return stopping_; })) {
    const double elapsed = std::chrono::duration<double>(clock::now() - start).count();
    // \r and "erase to the end of the line": the line is rewritten in place.
    std::fprintf(stderr, "\r%s: running for %.0f s%s%s\033[K", program_.c_str(), elapsed,
                 last_phase_.empty() ? "" : ", done: ", last_phase_.c_str());
    std::fflush(stderr);
    shown_ = true;
    next = clock::now() + std::chrono::seconds(1);
  }
  if (shown_) std::fputs("\r\033[K", stderr);
}

}  // namespace pgasmr::apps
