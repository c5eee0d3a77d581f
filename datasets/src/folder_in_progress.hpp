#pragma once
// A folder of outputs (a mailbox, a site of HTML pages) that appears complete or not at all.

#include <filesystem>

#include <pgasmr/datasets/temporary_outputs.hpp>

namespace pgasmr::datasets::detail {

/// A folder written as `<target>.tmp-XXXXXX` beside its target, renamed over it by commit()
/// and removed with everything in it otherwise (and by remove_temporary_outputs() on a signal).
class FolderInProgress {
 public:
  /// Creates the temporary folder. Throws output_error when the target exists and is not an
  /// empty folder (checked now, before any work), or when the folder cannot be created.
  explicit FolderInProgress(std::filesystem::path target);
  FolderInProgress(const FolderInProgress&) = delete;
  FolderInProgress& operator=(const FolderInProgress&) = delete;
  ~FolderInProgress();

  /// The temporary folder, to write into.
  const std::filesystem::path& path() const noexcept { return temporary_; }

  /// Renames the temporary folder over the target. Throws output_error when that fails.
  void commit();

 private:
  std::filesystem::path target_;
  std::filesystem::path temporary_;
  TemporaryOutputRecord record_;
};

}  // namespace pgasmr::datasets::detail
