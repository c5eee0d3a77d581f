#include <pgasmr/datasets/output_file.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <random>
#include <system_error>
#include <utility>

#include <pgasmr/datasets/error.hpp>

#include "quoted_path.hpp"

namespace pgasmr::datasets {
namespace {

constexpr std::size_t buffer_bytes = std::size_t{1} << 20;
constexpr int name_attempts = 100;

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& path, int error_number) {
  throw output_error(what + " " + detail::quoted(path) + ": " + std::generic_category().message(error_number));
}

std::string random_suffix(std::mt19937_64& random) {
  static constexpr std::string_view alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::string suffix(6, ' ');
  for (auto& c : suffix) c = alphabet[random() % alphabet.size()];
  return suffix;
}

void refuse_unusable_target(const std::filesystem::path& target) {
  std::error_code error;
  auto status = std::filesystem::status(target, error);
  if (std::filesystem::is_directory(status)) throw output_error(detail::quoted(target) + " is a directory");
  // Renaming over a device or a pipe would replace it rather than write to it.
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw output_error(detail::quoted(target) + " is not a regular file");
}

}  // namespace

AtomicOutputFile::AtomicOutputFile(std::filesystem::path target) : target_(std::move(target)) {
  refuse_unusable_target(target_);
  std::mt19937_64 random(std::random_device{}());
  for (int attempt = 0; attempt < name_attempts; ++attempt) {
    temporary_ = target_;
    temporary_ += ".tmp-" + random_suffix(random);
    // O_EXCL: never reuse a name another writer holds; 0666 so the umask decides, as for any file.
    fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ >= 0) break;
    if (errno != EEXIST) fail("cannot write", target_, errno);
  }
  if (fd_ < 0) fail("cannot create a temporary file for", target_, EEXIST);
  buffer_.reserve(buffer_bytes);
}

AtomicOutputFile::AtomicOutputFile(AtomicOutputFile&& other) noexcept
    : target_(std::move(other.target_)),
      temporary_(std::move(other.temporary_)),
      fd_(std::exchange(other.fd_, -1)),
      buffer_(std::move(other.buffer_)),
      written_(std::exchange(other.written_, 0)) {}

AtomicOutputFile& AtomicOutputFile::operator=(AtomicOutputFile&& other) noexcept {
  if (this != &other) {
    discard();
    target_ = std::move(other.target_);
    temporary_ = std::move(other.temporary_);
    fd_ = std::exchange(other.fd_, -1);
    buffer_ = std::move(other.buffer_);
    written_ = std::exchange(other.written_, 0);
  }
  return *this;
}

AtomicOutputFile::~AtomicOutputFile() { discard(); }

void AtomicOutputFile::write(std::span<const std::byte> bytes) {
  if (fd_ < 0) throw output_error("cannot write " + detail::quoted(target_) + ": the file is already committed");
  written_ += bytes.size();
  if (buffer_.size() + bytes.size() > buffer_bytes) flush();
  std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  if (text.size() >= buffer_bytes)
    write_through(text);  // large blocks go straight to the file, uncopied
  else
    buffer_.append(text);
}

void AtomicOutputFile::flush() {
  write_through(buffer_);
  buffer_.clear();
}

void AtomicOutputFile::write_through(std::string_view pending) {
  while (!pending.empty()) {
    auto written = ::write(fd_, pending.data(), pending.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) fail("cannot write", target_, errno);
    pending.remove_prefix(static_cast<std::size_t>(written));
  }
}

void AtomicOutputFile::commit() {
  if (fd_ < 0) throw output_error("cannot commit " + detail::quoted(target_) + ": the file is already committed");
  flush();
  if (::close(std::exchange(fd_, -1)) != 0) fail("cannot write", target_, errno);
  if (std::rename(temporary_.c_str(), target_.c_str()) != 0) {
    int error_number = errno;
    ::unlink(temporary_.c_str());
    temporary_.clear();
    fail("cannot rename the finished output to", target_, error_number);
  }
  temporary_.clear();
}

void AtomicOutputFile::discard() noexcept {
  if (fd_ >= 0) ::close(std::exchange(fd_, -1));
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
}

}  // namespace pgasmr::datasets
