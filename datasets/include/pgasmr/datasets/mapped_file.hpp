#pragma once
/// @file
/// Read-only memory mapping of a whole file, the loader every app reads its input through.

#include <cstddef>
#include <filesystem>
#include <span>
#include <string_view>

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

 private:
  void unmap() noexcept;
  void touch_every_page() const noexcept;

  std::filesystem::path path_;
  const std::byte* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace pgasmr::datasets
