#pragma once
// An owned POSIX file descriptor, closed when it goes out of scope (so no error path leaks one).

#include <unistd.h>

#include <utility>

namespace pgasmr::datasets::detail {

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) noexcept : fd_(fd) {}
  FileDescriptor(FileDescriptor&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  FileDescriptor& operator=(FileDescriptor&& other) noexcept {
    std::swap(fd_, other.fd_);
    return *this;
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() { close(); }

  int get() const noexcept { return fd_; }
  bool is_open() const noexcept { return fd_ >= 0; }
  /// Gives up ownership: the caller closes it.
  int release() noexcept { return std::exchange(fd_, -1); }
  /// Closes now; returns ::close's result (0, or -1 with errno) so writers can report errors.
  int close() noexcept { return fd_ >= 0 ? ::close(std::exchange(fd_, -1)) : 0; }

 private:
  int fd_;
};

}  // namespace pgasmr::datasets::detail
