#include "folder_in_progress.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <cerrno>
#include <fstream>
#include <string>
#include <system_error>
#include <utility>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>

#include "cleanup_signals.hpp"

namespace pgasmr::datasets::detail {
namespace {

/// The process's umask, read from /proc: umask() reads it only by setting it, which would race
/// other threads creating files.
mode_t process_umask() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("Umask:")) return static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8));
  return 022;
}

}  // namespace

FolderInProgress::FolderInProgress(std::filesystem::path target) : target_(std::move(target)) {
  // "site/" is the folder "site": the temporary one goes beside it, not into it.
  while (!target_.has_filename() && target_.has_relative_path()) target_ = target_.parent_path();
  std::error_code error;
  // rename() replaces a link, not the folder it leads to, and not with a folder: refused before
  // anything is generated.
  if (std::filesystem::is_symlink(target_, error))
    throw output_error(in_quotes(target_) + " is a symbolic link: give the path of the folder itself");
  if (std::filesystem::exists(target_, error) &&
      !(std::filesystem::is_directory(target_, error) && std::filesystem::is_empty(target_, error)))
    throw output_error(in_quotes(target_) + " already exists (only an empty folder is replaced)");
  auto pattern = target_.native() + ".tmp-XXXXXX";
  CleanupSignalsBlocked held_back;  // until the folder created is recorded
  if (::mkdtemp(pattern.data()) == nullptr)
    throw output_error("cannot create a folder beside " + in_quotes(target_) + ": " +
                       std::generic_category().message(errno));
  temporary_ = pattern;
  record_ = TemporaryOutputRecord(temporary_);
  // mkdtemp makes it private (0700); the folder a user asked for takes the umask, as mkdir's.
  ::chmod(temporary_.c_str(), 0777 & ~process_umask());
}

FolderInProgress::~FolderInProgress() {
  std::error_code ignored;
  if (!temporary_.empty()) std::filesystem::remove_all(temporary_, ignored);
}

void FolderInProgress::commit() {
  std::error_code error;
  std::filesystem::rename(temporary_, target_, error);
  if (error) throw output_error("cannot write the folder " + in_quotes(target_) + ": " + error.message());
  temporary_.clear();
  record_.reset();
}

}  // namespace pgasmr::datasets::detail
