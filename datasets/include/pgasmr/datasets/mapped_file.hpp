#pragma once
/// @file
/// Read-only memory mapping of a whole file, the loader every app reads its input through.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string_view>
#include <utility>

#include <pgasmr/datasets/error.hpp>

namespace pgasmr::datasets {

/// Whether mapping a file also reads it in.
enum class Prefetch {
  none,      ///< pages are read on first touch (by whichever thread touches them)
  /// read the whole file while mapping (MAP_POPULATE) and touch every page, so that later
  /// passes neither do I/O nor take page faults
  populate,
};

/// A whole file mapped read-only; move-only. An empty file has no mapping and empty views.
/// The views stay valid, at the same address, for the object's life, including after a move,
/// and any number of threads may read them at once.
///
/// A file truncated while it is mapped would kill its reader (SIGBUS on the lost pages): here
/// the lost pages read as zeros instead, and shrank() tells. A file written in place shows its
/// new bytes through the mapping, a mix of two versions: modified() tells, by the file's
/// modification time (kept open, the file is the one mapped even if its path is given to
/// another) and by an inotify watch taken before that time, which sees a write that was under
/// way when the file was opened end (the kernel stamps the time when a write begins). Whoever uses what was read checks both first: read_checked() around a parse,
/// throw_if_some_input_changed() after a job. (This installs a process-wide SIGBUS
/// handler, which passes on the signals of other memory.)
class MappedFile {
 public:
  /// Throws input_error naming `path` when it is missing, a directory, not a regular file or
  /// unreadable: "cannot open 'path': No such file or directory", "'path' is a directory".
  explicit MappedFile(const std::filesystem::path& path, Prefetch prefetch = Prefetch::none);
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::span<const std::byte> bytes() const noexcept { return {data_, size_}; }
  std::string_view text() const noexcept { return {reinterpret_cast<const char*>(data_), size_}; }
  std::size_t size() const noexcept { return size_; }
  const std::filesystem::path& path() const noexcept { return path_; }

  /// Whether a read found the file shorter than when it was mapped.
  bool shrank() const noexcept;
  /// Whether the file has another modification time than when it was mapped, or a write to it
  /// ended since.
  bool modified() const noexcept;
  /// Throws input_error "'path' became shorter while it was read" when it shrank, "'path' was
  /// modified while it was read" when it was modified.
  void throw_if_changed() const;
  /// `read()`'s result, or that input_error when the file changed meanwhile, also when `read`
  /// threw an input_error of its own (about the zeros that stand in for lost bytes, or a mix
  /// of old and new bytes).
  template <class Read>
  auto read_checked(Read&& read) const {
    std::optional<decltype(read())> result;
    try {
      result.emplace(std::forward<Read>(read)());
    } catch (const input_error&) {
      throw_if_changed();
      throw;
    }
    throw_if_changed();
    return std::move(*result);
  }

 private:
  void unmap() noexcept;
  void touch_every_page() const noexcept;

  std::filesystem::path path_;
  const std::byte* data_ = nullptr;
  std::size_t size_ = 0;
  int fd_ = -1;  // open while mapped, for modified()
  int guard_slot_ = -1;  // the mapping's slot in the SIGBUS handler's table (-1: none)
};

/// Throws throw_if_changed()'s input_error for some mapped file of this process that shrank or
/// was modified (only files still mapped are known), or for a listed file (InputFile) on which a
/// write ended since it was listed (while its entry lives).
void throw_if_some_input_changed();

}  // namespace pgasmr::datasets
