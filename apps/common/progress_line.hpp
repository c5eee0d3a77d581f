#pragma once
/// @file
/// A progress line for long jobs: on a terminal only, process 0 shows on stderr how long the job
/// has run and which phase it finished last, as pgasmr-datagen shows its progress.

#include <condition_variable>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace pgasmr::apps {

class ProgressLine {
 public:
  /// Starts showing the line after `quiet_seconds` when `enabled` and stderr is a terminal.
  ProgressLine(std::string_view program, bool enabled, double quiet_seconds = 2.0);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  /// Stops and erases the line.
  ~ProgressLine();

  /// The phase just finished (shown as "map done").
  void finished(std::string_view phase);

 private:
  void show_until_stopped(double quiet_seconds);

  std::string program_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::string last_phase_;
  bool stopping_ = false;
  bool shown_ = false;
  std::thread shower_;
};

}  // namespace pgasmr::apps
