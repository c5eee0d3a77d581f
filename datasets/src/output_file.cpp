#include <pgasmr/datasets/output_file.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <random>
#include <system_error>
#include <utility>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>

#include "cleanup_signals.hpp"

namespace pgasmr::datasets {
namespace {

constexpr std::size_t buffer_bytes = std::size_t{1} << 20;
constexpr int name_attempts = 100;

[[noreturn]] void fail(const std::string& what, const std::string& name, int error_number) {
  throw output_error(what + " " + name + ": " + std::generic_category().message(error_number));
}

/// `<target>.tmp-XXXXXX` with a fresh random suffix.
std::filesystem::path temporary_name(const std::filesystem::path& target) {
  static constexpr std::string_view alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  thread_local std::mt19937_64 random(std::random_device{}());
  std::string suffix(6, ' ');
  for (auto& c : suffix) c = alphabet[random() % alphabet.size()];
  auto name = target;
  name += ".tmp-" + suffix;
  return name;
}

/// Tries names until `create(name)` succeeds (returns true) or fails with another reason than
/// EEXIST (returns false, errno set). Returns the name used.
template <class Create>
std::filesystem::path create_unique(const std::filesystem::path& target, Create create, const std::string& what) {
  for (int attempt = 0; attempt < name_attempts; ++attempt) {
    auto name = temporary_name(target);
    if (create(name)) return name;
    if (errno != EEXIST) fail(what, in_quotes(target), errno);
  }
  fail("cannot create a temporary file for", in_quotes(target), EEXIST);
}

std::string proc_fd_path(int fd) { return "/proc/self/fd/" + std::to_string(fd); }

/// Where a chain of symbolic links from `path` ends (`path` itself when it is no link): the
/// file to replace, so that the links stay, as when a shell's `>` writes through them. A loop
/// ends after as many links as the kernel follows, where stat() then reports it.
std::filesystem::path end_of_links(std::filesystem::path path) {
  constexpr int most_links = 40;
  for (int link = 0; link < most_links; ++link) {
    std::error_code error;
    if (!std::filesystem::is_symlink(path, error)) return path;
    auto to = std::filesystem::read_symlink(path, error);
    if (error) return path;
    path = to.is_absolute() ? to : path.parent_path() / to;
  }
  return path;
}

}  // namespace

AtomicOutputFile::AtomicOutputFile(std::filesystem::path target, Temporary temporary) : target_(std::move(target)) {
  if (target_ == "-") {
    std::fflush(stdout);  // what the program printed before comes first
    kind_ = Kind::standard_output;
    fd_ = STDOUT_FILENO;
  } else {
    target_ = end_of_links(std::move(target_));
    struct stat status {};
    bool exists = ::stat(target_.c_str(), &status) == 0;
    if (!exists && errno == ELOOP) throw output_error(in_quotes(target_) + ": a loop of symbolic links");
    if (exists && S_ISDIR(status.st_mode)) throw output_error(in_quotes(target_) + " is a directory");
    if (exists && !S_ISREG(status.st_mode)) {
      // Renaming over a device or a pipe would replace it rather than write to it.
      kind_ = Kind::direct;
      fd_ = ::open(target_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
      if (fd_ < 0) fail("cannot write", name(), errno);
    } else {
      if (temporary == Temporary::unnamed_where_supported) open_unnamed_temporary();
      if (fd_ < 0) open_named_temporary();
    }
  }
  open_ = true;
  buffer_.reserve(buffer_bytes);
}

void AtomicOutputFile::open_unnamed_temporary() {
  auto folder = target_.parent_path();
  if (folder.empty()) folder = ".";
  // Any refusal (a file system without O_TMPFILE, a missing folder) falls back to the named
  // temporary, whose own open then reports the reason if there is one.
  int fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0) return;
  // commit() gives the file a name through /proc (linkat with AT_EMPTY_PATH needs privileges).
  if (::access(proc_fd_path(fd).c_str(), F_OK) != 0) {
    ::close(fd);
    return;
  }
  kind_ = Kind::unnamed_temporary;
  fd_ = fd;
}

void AtomicOutputFile::open_named_temporary() {
  kind_ = Kind::named_temporary;
  detail::CleanupSignalsBlocked held_back;  // until the file created is recorded
  temporary_ = create_unique(
      target_,
      [&](const std::filesystem::path& name) {
        // O_EXCL: never reuse a name another writer holds; 0666 so the umask decides.
        fd_ = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        return fd_ >= 0;
      },
      "cannot write");
  temporary_record_ = TemporaryOutputRecord(temporary_);
}

AtomicOutputFile::AtomicOutputFile(AtomicOutputFile&& other) noexcept
    : target_(std::move(other.target_)),
      temporary_(std::move(other.temporary_)),
      temporary_record_(std::move(other.temporary_record_)),
      kind_(other.kind_),
      fd_(std::exchange(other.fd_, -1)),
      open_(std::exchange(other.open_, false)),
      buffer_(std::move(other.buffer_)),
      written_(std::exchange(other.written_, 0)) {}

AtomicOutputFile& AtomicOutputFile::operator=(AtomicOutputFile&& other) noexcept {
  if (this != &other) {
    discard();
    target_ = std::move(other.target_);
    temporary_ = std::move(other.temporary_);
    temporary_record_ = std::move(other.temporary_record_);
    kind_ = other.kind_;
    fd_ = std::exchange(other.fd_, -1);
    open_ = std::exchange(other.open_, false);
    buffer_ = std::move(other.buffer_);
    written_ = std::exchange(other.written_, 0);
  }
  return *this;
}

AtomicOutputFile::~AtomicOutputFile() { discard(); }

std::string AtomicOutputFile::name() const {
  return kind_ == Kind::standard_output ? std::string("standard output") : in_quotes(target_);
}

void AtomicOutputFile::write(std::span<const std::byte> bytes) {
  if (!open_) throw output_error("cannot write " + name() + ": the file is already committed");
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
    if (written < 0) fail("cannot write", name(), errno);
    pending.remove_prefix(static_cast<std::size_t>(written));
  }
}

/// Closes the descriptor we own, reporting the error some file systems only give at close.
void AtomicOutputFile::close_checked() {
  if (kind_ == Kind::standard_output) {
    fd_ = -1;
    return;
  }
  if (::close(std::exchange(fd_, -1)) != 0) fail("cannot write", name(), errno);
}

void AtomicOutputFile::commit() {
  if (!open_) throw output_error("cannot commit " + name() + ": the file is already committed");
  flush();
  // A file replaced keeps its permissions, as one a shell's > rewrites would (a private 0600
  // result does not become readable to all); a new one takes the umask's.
  if (struct stat replaced {}; !writes_directly() && ::stat(target_.c_str(), &replaced) == 0 &&
                               S_ISREG(replaced.st_mode))
    ::fchmod(fd_, replaced.st_mode & 07777);
  if (kind_ == Kind::unnamed_temporary) {
    // rename() cannot replace a file by an unnamed one: link it under a temporary name first,
    // recorded before a cleanup signal can end the process.
    detail::CleanupSignalsBlocked held_back;
    auto source = proc_fd_path(fd_);
    temporary_ = create_unique(
        target_,
        [&](const std::filesystem::path& link) {
          return ::linkat(AT_FDCWD, source.c_str(), AT_FDCWD, link.c_str(), AT_SYMLINK_FOLLOW) == 0;
        },
        "cannot link the finished output beside");
    temporary_record_ = TemporaryOutputRecord(temporary_);
  }
  close_checked();
  open_ = false;
  if (!temporary_.empty() && std::rename(temporary_.c_str(), target_.c_str()) != 0) {
    int error_number = errno;
    discard();
    fail("cannot rename the finished output to", name(), error_number);
  }
  temporary_.clear();
  temporary_record_.reset();
}

void AtomicOutputFile::discard() noexcept {
  open_ = false;
  if (fd_ >= 0 && kind_ != Kind::standard_output) ::close(fd_);
  fd_ = -1;
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
  temporary_record_.reset();
}

}  // namespace pgasmr::datasets
