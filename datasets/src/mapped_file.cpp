#include <pgasmr/datasets/mapped_file.hpp>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <utility>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/input_files.hpp>

#include "file_descriptor.hpp"
#include "file_identity.hpp"
#include "pseudo_file.hpp"
#include "truncation_guard.hpp"
#include "write_watch.hpp"

namespace pgasmr::datasets {
namespace {

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& path, int error_number) {
  throw input_error(what + " " + in_quotes(path) + ": " + std::generic_category().message(error_number));
}

[[noreturn]] void throw_changed(const std::string& path, bool shrank) {
  throw input_error(in_quotes(path) + (shrank ? " became shorter while it was read" : " was modified while it was read"));
}

}  // namespace

MappedFile::MappedFile(const std::filesystem::path& path, Prefetch prefetch) : path_(path) {
  // An input that is mapped has a size to map; "-" would otherwise read as a missing file.
  if (path == standard_input_operand)
    throw input_error(in_quotes(path) +
                      ": standard input is not supported for this input; give a file (./- names a file called -)");
  // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below); no effect on files.
  detail::FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (!fd.is_open()) fail("cannot open", path, errno);
  struct stat status {};
  if (::fstat(fd.get(), &status) != 0) fail("cannot stat", path, errno);
  if (S_ISDIR(status.st_mode)) throw input_error(in_quotes(path) + " is a directory");
  // Pipes and devices have no size to map; the apps need the whole input at once anyway.
  if (!S_ISREG(status.st_mode)) throw input_error(in_quotes(path) + " is not a regular file");
  if (detail::on_pseudo_file_system(fd.get()))
    throw input_error(in_quotes(path) + ": " + detail::pseudo_file_refusal());
  // Watched, then its time taken again: a write under way now does not change that time.
  const int write_watch = status.st_size > 0 ? detail::watch_writes(fd.get(), path.native()) : -1;
  if (write_watch >= 0 && ::fstat(fd.get(), &status) != 0) {
    const int error = errno;
    detail::end_write_watch(write_watch);
    fail("cannot stat", path, error);
  }
  size_ = static_cast<std::size_t>(status.st_size);
  if (size_ == 0) {  // mmap refuses length 0; an empty file is simply empty views
    detail::end_write_watch(write_watch);
    return;
  }
  int flags = MAP_PRIVATE | (prefetch == Prefetch::populate ? MAP_POPULATE : 0);
  void* address = ::mmap(nullptr, size_, PROT_READ, flags, fd.get(), 0);
  if (address == MAP_FAILED) {
    const int error = errno;
    detail::end_write_watch(write_watch);
    fail("cannot map", path, error);
  }
  data_ = static_cast<const std::byte*>(address);
  fd_ = fd.release();
  guard_slot_ = detail::guard_mapping(data_, size_, path_.native(), fd_, detail::identity_of(status).modified_ns,
                                      write_watch);
  if (prefetch == Prefetch::populate) touch_every_page();
}

bool MappedFile::shrank() const noexcept { return detail::mapping_shrank(guard_slot_); }

bool MappedFile::modified() const noexcept { return detail::mapping_modified(guard_slot_); }

void MappedFile::throw_if_changed() const {
  if (shrank()) throw_changed(path_.native(), true);
  if (modified()) throw_changed(path_.native(), false);
}

void throw_if_some_input_changed() {
  if (auto changed = detail::some_changed_mapping()) throw_changed(changed->path, changed->shrank);
  // A listed file (InputFile); a mapped one was found above.
  if (auto written = detail::some_write_ended()) throw_changed(*written, false);
}

void MappedFile::touch_every_page() const noexcept {
  // MAP_POPULATE fills the page tables, yet on virtual machines the first access to each page
  // can still fault (in the hypervisor); touching them here makes every later reader, the
  // engine and each baseline alike, start from pages that are resident and mapped.
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  volatile std::byte sink{};
  for (std::size_t at = 0; at < size_; at += page) sink = data_[at];
  (void)sink;
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : path_(std::move(other.path_)),
      data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      fd_(std::exchange(other.fd_, -1)),
      guard_slot_(std::exchange(other.guard_slot_, -1)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    unmap();
    path_ = std::move(other.path_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    fd_ = std::exchange(other.fd_, -1);
    guard_slot_ = std::exchange(other.guard_slot_, -1);
  }
  return *this;
}

MappedFile::~MappedFile() { unmap(); }

void MappedFile::unmap() noexcept {
  detail::unguard_mapping(std::exchange(guard_slot_, -1));  // before the range can hold anything else
  if (data_) ::munmap(const_cast<std::byte*>(data_), size_);
  if (fd_ >= 0) ::close(std::exchange(fd_, -1));
  data_ = nullptr;
  size_ = 0;
}

}  // namespace pgasmr::datasets
