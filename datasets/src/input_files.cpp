#include <pgasmr/datasets/input_files.hpp>

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>

#include "file_descriptor.hpp"
#include "file_identity.hpp"
#include "pseudo_file.hpp"
#include "write_watch.hpp"

namespace pgasmr::datasets {
namespace {

std::string because(int error_number) { return std::generic_category().message(error_number); }

/// A directory being walked, by identity: a link back to one of these is a loop.
struct DirectoryId {
  dev_t device;
  ino_t inode;
  bool operator==(const DirectoryId&) const = default;
};

class Collector {
 public:
  explicit Collector(const InputFileOptions& options) : options_(options) {}

  void add_operand(const std::filesystem::path& path) {
    if (path == standard_input_operand) {
      if (!options_.allow_standard_input) problem(path, "standard input ('-') is not supported by this app");
      else result_.files.push_back({path, 0});
      return;
    }
    add(path);
  }

  InputFiles take() && { return std::move(result_); }

 private:
  void add(const std::filesystem::path& path) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
    detail::FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    if (!fd.is_open()) {
      int error_number = errno;
      if (error_number == ELOOP) return problem(path, "a loop of symbolic links");
      return problem(path, "cannot open: " + because(error_number));
    }
    // Watched before its identity is taken: a write under way now does not change its time. (Not
    // a regular file: its watch ends below, before a directory is walked.)
    auto write_watch = options_.watch_writes ? std::make_shared<const WriteWatch>(fd.get(), path) : nullptr;
    struct stat status {};
    if (::fstat(fd.get(), &status) != 0) return problem(path, "cannot stat: " + because(errno));
    if (S_ISREG(status.st_mode)) {
      if (detail::on_pseudo_file_system(fd.get())) return problem(path, detail::pseudo_file_refusal());
      auto size = static_cast<std::uint64_t>(status.st_size);
      result_.files.push_back({path, size, detail::identity_of(status), std::move(write_watch)});
      result_.total_bytes += size;
      return;
    }
    write_watch.reset();
    if (!S_ISDIR(status.st_mode)) return problem(path, "not a regular file or a directory");
    DirectoryId id{status.st_dev, status.st_ino};
    if (std::ranges::find(walking_, id) != walking_.end())
      return problem(path, "a symbolic-link loop (the directory contains itself)");
    fd.close();
    walk(path, id);
  }

  void walk(const std::filesystem::path& directory, DirectoryId id) {
    std::vector<std::filesystem::path> entries;
    std::error_code error;
    std::filesystem::directory_iterator it(directory, error), end;
    for (; !error && it != end; it.increment(error)) entries.push_back(it->path());
    if (error) return problem(directory, "cannot read the directory: " + error.message());
    // Byte order of the names, whatever the locale, so that every process lists the same files.
    std::ranges::sort(entries, [](const auto& a, const auto& b) { return a.native() < b.native(); });
    walking_.push_back(id);
    for (const auto& entry : entries) add(entry);
    walking_.pop_back();
  }

  void problem(const std::filesystem::path& path, const std::string& why) {
    std::string message = in_quotes(path) + ": " + why;
    if (!options_.skip_unreadable) throw input_error(message);
    result_.skipped.push_back(std::move(message));
  }

  const InputFileOptions& options_;
  InputFiles result_;
  std::vector<DirectoryId> walking_;
};

}  // namespace

InputFiles collect_input_files(std::span<const std::filesystem::path> operands, const InputFileOptions& options) {
  if (operands.empty()) throw std::invalid_argument("collect_input_files: no input given");
  Collector collector(options);
  for (const auto& operand : operands) collector.add_operand(operand);
  return std::move(collector).take();
}

WriteWatch::WriteWatch(int fd, const std::filesystem::path& path) noexcept
    : watch_(detail::watch_writes(fd, path.native())) {}

WriteWatch::~WriteWatch() { detail::end_write_watch(watch_); }

bool WriteWatch::write_ended() const noexcept { return detail::write_ended(watch_); }

}  // namespace pgasmr::datasets
