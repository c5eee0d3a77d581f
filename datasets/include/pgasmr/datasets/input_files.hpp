#pragma once
/// @file
/// The files an app reads: the INPUT... operands of its command line, files and directories
/// (walked recursively), in a deterministic order that every process of a job computes alike.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace pgasmr::datasets {

/// The path that names standard input among the operands.
inline const std::filesystem::path standard_input_operand = "-";

/// Which file a path named when it was listed, and its last modification then (all 0 for
/// standard input and texts in memory).
struct FileIdentity {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  std::int64_t modified_ns = 0;
  friend bool operator==(const FileIdentity&, const FileIdentity&) = default;
};

/// A watch of the writes that end on one listed file (inotify), taken before the file's identity:
/// a write under way when the file was listed changes its bytes, not its modification time. Where
/// none can be had (no inotify, the user's watches used up), the time alone tells.
class WriteWatch {
 public:
  /// Watches the open file `fd`, named `path` in the error of throw_if_some_input_changed().
  WriteWatch(int fd, const std::filesystem::path& path) noexcept;
  ~WriteWatch();
  WriteWatch(const WriteWatch&) = delete;
  WriteWatch& operator=(const WriteWatch&) = delete;

  /// Whether a write to the file ended since the watch began.
  bool write_ended() const noexcept;

 private:
  int watch_;
};

/// One regular file of the input, as found (or standard input, read whole).
struct InputFile {
  std::filesystem::path path;  ///< the operand, or operand/relative/path inside a directory operand
  std::uint64_t size = 0;
  /// Checked by every later read (TextInput), so that a file replaced or rewritten while the job
  /// reads it is refused, not read half old and half new.
  FileIdentity identity = {};
  /// Checked with `identity` (null: a listing that watches nothing, InputFileOptions::watch_writes;
  /// a WriteWatch that inotify could not give one reports no write), ended with the last copy of
  /// the file's entry.
  std::shared_ptr<const WriteWatch> write_watch = {};
};

struct InputFileOptions {
  /// Warn about (and skip) files and directories that cannot be read instead of failing.
  bool skip_unreadable = false;
  /// Whether the operand "-" (standard input) is allowed.
  bool allow_standard_input = false;
  /// Whether each file gets a WriteWatch (for a listing that reads no file, say to check paths,
  /// none is needed: a watch costs about 2 us a file).
  bool watch_writes = true;
};

struct InputFiles {
  std::vector<InputFile> files;
  /// "path: why" for every skipped operand or entry (only with skip_unreadable).
  std::vector<std::string> skipped;
  std::uint64_t total_bytes = 0;
};

/// Collects the files of `operands`, in operand order; a directory contributes its regular
/// files recursively, each directory's entries sorted by name (byte order). Symbolic links are
/// followed. Throws input_error naming the path for a missing or unreadable operand or entry, a
/// special file (FIFO, device, socket) and a symbolic-link loop (a directory that contains
/// itself); with `skip_unreadable`, these are recorded in `skipped` instead. An empty list of
/// operands is invalid_argument. Files are opened (and closed) once here, so that an
/// unreadable one is found before the job starts. "-" is standard input when allowed (its size
/// is that of what TextInput reads later; 0 here).
InputFiles collect_input_files(std::span<const std::filesystem::path> operands, const InputFileOptions& options = {});

}  // namespace pgasmr::datasets
