#pragma once
/// @file
/// All-or-nothing output files, with the Unix conventions of an output argument: a regular file
/// appears at its path only when complete, so a failure, an exception or even a SIGKILL never
/// leaves a partial file; `-` is standard output; an existing device or pipe (`/dev/null`, a
/// FIFO) is written directly.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include <pgasmr/datasets/temporary_outputs.hpp>

namespace pgasmr::datasets {

/// A buffered output that appears at its target only on commit(). Move-only. Not thread-safe:
/// one writer.
///
/// Where the output goes, by target:
/// - a regular file or a new name: an unnamed temporary file in the target's folder (Linux
///   `O_TMPFILE`), linked under `<target>.tmp-XXXXXX` and renamed over the target by commit(),
///   so a killed process leaves nothing behind. Where the file system refuses `O_TMPFILE`, a
///   named temporary `<target>.tmp-XXXXXX` from the start (a SIGKILL then leaves it behind; a
///   handler of other signals can remove it with remove_temporary_outputs()).
///   Destroying the object without commit() leaves the target untouched. Permissions are
///   0666 less the umask, as for any new file.
/// - `-`: standard output, written as it comes (no all-or-nothing there).
/// - an existing file that is neither regular nor a directory (`/dev/null`, a FIFO, a character
///   device): opened and written directly, as it comes.
/// - a directory: refused.
/// - a symbolic link: followed; the file it ends at is the target (the link stays).
class AtomicOutputFile {
 public:
  /// How the temporary file of a regular target is made: unnamed where the file system allows
  /// it, or always named (the fallback, chosen explicitly by tests).
  enum class Temporary { unnamed_where_supported, named };

  /// Opens the output (see the class comment). Throws output_error naming the target when it
  /// is a directory or cannot be opened, or when the temporary file cannot be created.
  explicit AtomicOutputFile(std::filesystem::path target,
                            Temporary temporary = Temporary::unnamed_where_supported);
  AtomicOutputFile(AtomicOutputFile&&) noexcept;
  AtomicOutputFile& operator=(AtomicOutputFile&&) noexcept;
  AtomicOutputFile(const AtomicOutputFile&) = delete;
  AtomicOutputFile& operator=(const AtomicOutputFile&) = delete;
  ~AtomicOutputFile();

  /// Appends bytes (buffered). Throws output_error naming the target when writing fails.
  void write(std::span<const std::byte> bytes);
  void write(std::string_view text) { write(std::as_bytes(std::span(text.data(), text.size()))); }

  /// Flushes and, for a regular target, puts the finished file in place of the target. Throws
  /// output_error on failure (the temporary file is then removed). Writing after commit() is an
  /// error.
  void commit();

  const std::filesystem::path& target() const noexcept { return target_; }
  /// The named temporary file while writing; empty when the temporary file is unnamed or the
  /// target is written directly.
  const std::filesystem::path& temporary() const noexcept { return temporary_; }
  /// True when the target is written directly (standard output, a device, a pipe).
  bool writes_directly() const noexcept { return kind_ == Kind::direct || kind_ == Kind::standard_output; }
  /// Bytes written so far (buffered ones included).
  std::uint64_t size() const noexcept { return written_; }

 private:
  enum class Kind { unnamed_temporary, named_temporary, direct, standard_output };

  void open_unnamed_temporary();
  void open_named_temporary();
  void flush();
  void write_through(std::string_view pending);
  void close_checked();
  void discard() noexcept;
  std::string name() const;

  std::filesystem::path target_;
  std::filesystem::path temporary_;
  TemporaryOutputRecord temporary_record_;  ///< temporary_, for remove_temporary_outputs()
  Kind kind_ = Kind::named_temporary;
  int fd_ = -1;
  bool open_ = false;  // false once committed or moved from
  std::string buffer_;
  std::uint64_t written_ = 0;
};

}  // namespace pgasmr::datasets
