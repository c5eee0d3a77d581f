#pragma once
/// @file
/// All-or-nothing output files: written beside the target under a temporary name and renamed
/// over it only when complete, so a failure or an exception never leaves a partial file.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace pgasmr::datasets {

/// A buffered output file that appears at its path only on commit(). Move-only. Destroying it
/// without commit() (an error, an exception) removes the temporary file and leaves the target
/// untouched. Not thread-safe: one writer.
class AtomicOutputFile {
 public:
  /// Creates `<target>.tmp-XXXXXX` in the target's folder (permissions 0666 less the umask).
  /// Throws output_error when `target` is a directory or the temporary file cannot be created.
  explicit AtomicOutputFile(std::filesystem::path target);
  AtomicOutputFile(AtomicOutputFile&&) noexcept;
  AtomicOutputFile& operator=(AtomicOutputFile&&) noexcept;
  AtomicOutputFile(const AtomicOutputFile&) = delete;
  AtomicOutputFile& operator=(const AtomicOutputFile&) = delete;
  ~AtomicOutputFile();

  /// Appends bytes (buffered). Throws output_error naming the target when writing fails.
  void write(std::span<const std::byte> bytes);
  void write(std::string_view text) { write(std::as_bytes(std::span(text.data(), text.size()))); }

  /// Flushes, closes and renames the temporary file over the target. Throws output_error on
  /// failure (the temporary file is then removed). Writing after commit() is an error.
  void commit();

  const std::filesystem::path& target() const noexcept { return target_; }
  const std::filesystem::path& temporary() const noexcept { return temporary_; }
  /// Bytes written so far (buffered ones included).
  std::uint64_t size() const noexcept { return written_; }

 private:
  void flush();
  void write_through(std::string_view pending);
  void discard() noexcept;

  std::filesystem::path target_;
  std::filesystem::path temporary_;
  int fd_ = -1;
  std::string buffer_;
  std::uint64_t written_ = 0;
};

}  // namespace pgasmr::datasets
