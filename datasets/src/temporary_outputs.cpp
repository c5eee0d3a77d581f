#include <pgasmr/datasets/temporary_outputs.hpp>

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <utility>

namespace pgasmr::datasets {
namespace {

/// A recorded path. The handler reads only slots marked `recorded`, whose path is complete.
struct Slot {
  enum State : int { free, writing, recorded };
  std::atomic<int> state{free};
  char path[PATH_MAX];
};
static_assert(std::atomic<int>::is_always_lock_free, "the handler reads the states: they must be lock-free");

std::array<Slot, 16> slots;

/// Folder levels removed below a recorded folder (html pages are two deep).
constexpr int deepest = 8;

bool remove_entry(int folder, const char* name, int depth) noexcept;

/// Removes what `folder` holds, as far as it can; a pass that removes something is followed by
/// another from the start, since removing entries may move the others in the listing.
void empty_folder(int folder, int depth) noexcept {
  alignas(8) char listing[4096];
  for (bool removed = true; removed;) {
    removed = false;
    if (::lseek(folder, 0, SEEK_SET) != 0) return;
    for (ssize_t got; (got = ::getdents64(folder, listing, sizeof listing)) > 0;) {
      for (ssize_t at = 0; at < got;) {
        unsigned short length = 0;
        std::memcpy(&length, listing + at + offsetof(dirent64, d_reclen), sizeof length);
        const char* name = listing + at + offsetof(dirent64, d_name);
        at += length;
        if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0) removed |= remove_entry(folder, name, depth);
      }
    }
  }
}

/// Removes the file or folder `name` of `folder` (AT_FDCWD: the current one), a folder with
/// what it holds, without following symbolic links.
bool remove_entry(int folder, const char* name, int depth) noexcept {
  if (::unlinkat(folder, name, 0) == 0) return true;
  if (errno != EISDIR || depth == 0) return false;  // Linux says EISDIR for a folder
  int inner = ::openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (inner < 0) return false;
  empty_folder(inner, depth - 1);
  ::close(inner);
  return ::unlinkat(folder, name, AT_REMOVEDIR) == 0;
}

}  // namespace

TemporaryOutputRecord::TemporaryOutputRecord(const std::filesystem::path& path) noexcept {
  const auto& text = path.native();
  if (text.empty() || text.size() >= PATH_MAX) return;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    int expected = Slot::free;
    if (!slots[i].state.compare_exchange_strong(expected, Slot::writing)) continue;
    std::memcpy(slots[i].path, text.c_str(), text.size() + 1);
    slots[i].state.store(Slot::recorded);
    slot_ = static_cast<int>(i);
    return;
  }
}

TemporaryOutputRecord::TemporaryOutputRecord(TemporaryOutputRecord&& other) noexcept
    : slot_(std::exchange(other.slot_, -1)) {}

TemporaryOutputRecord& TemporaryOutputRecord::operator=(TemporaryOutputRecord&& other) noexcept {
  if (this != &other) {
    reset();
    slot_ = std::exchange(other.slot_, -1);
  }
  return *this;
}

TemporaryOutputRecord::~TemporaryOutputRecord() { reset(); }

void TemporaryOutputRecord::reset() noexcept {
  if (slot_ >= 0) slots[static_cast<std::size_t>(slot_)].state.store(Slot::free);
  slot_ = -1;
}

void remove_temporary_outputs() noexcept {
  const int saved_errno = errno;  // a handler must leave errno as it found it
  for (auto& slot : slots)
    if (slot.state.load() == Slot::recorded) remove_entry(AT_FDCWD, slot.path, deepest);
  errno = saved_errno;
}

}  // namespace pgasmr::datasets
