#pragma once
/// @file
/// The temporary outputs being written (`<target>.tmp-XXXXXX` files and folders), for a signal
/// handler to remove: a SIGINT or SIGTERM ends a process without running the destructors that
/// would remove them. (A SIGKILL still leaves named ones behind; unnamed temporary files,
/// O_TMPFILE, vanish by themselves.)

#include <filesystem>

namespace pgasmr::datasets {

/// Records a temporary file or folder for remove_temporary_outputs() for as long as it lives
/// (move-only). Its owner still removes or renames the path as usual; the record only says what
/// to remove if the process is interrupted first. At most 16 paths are recorded at once (the
/// others are left out: a signal then leaves them behind, as a SIGKILL would).
class TemporaryOutputRecord {
 public:
  TemporaryOutputRecord() noexcept = default;
  explicit TemporaryOutputRecord(const std::filesystem::path& path) noexcept;
  TemporaryOutputRecord(TemporaryOutputRecord&& other) noexcept;
  TemporaryOutputRecord& operator=(TemporaryOutputRecord&& other) noexcept;
  TemporaryOutputRecord(const TemporaryOutputRecord&) = delete;
  TemporaryOutputRecord& operator=(const TemporaryOutputRecord&) = delete;
  ~TemporaryOutputRecord();

  /// Forgets the path (it was renamed into place or removed).
  void reset() noexcept;

 private:
  int slot_ = -1;
};

/// Removes every recorded temporary output: a file, or a folder with everything in it.
/// Async-signal-safe (system calls only), for a SIGINT or SIGTERM handler that then ends the
/// process; reliable when the interrupted process writes its outputs from one thread, as
/// pgasmr-datagen does. Relative paths are taken from the current folder.
void remove_temporary_outputs() noexcept;

/// On SIGINT, SIGTERM and SIGHUP (each unless the process started ignoring it, as under nohup):
/// removes the temporary outputs being written (remove_temporary_outputs()), then ends the
/// process by the same signal, so that its parent sees why it ended. pgasmr-datagen and the
/// apps install it, so that Ctrl-C, kill or a closed terminal leaves no `NAME.tmp-*` behind.
void remove_temporary_outputs_on_signals();

}  // namespace pgasmr::datasets
