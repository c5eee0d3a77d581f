#include "folder_in_progress.hpp"

#include <stdlib.h>

#include <cerrno>
#include <system_error>
#include <utility>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>

namespace pgasmr::datasets::detail {

FolderInProgress::FolderInProgress(std::filesystem::path target) : target_(std::move(target)) {
  std::error_code error;
  if (std::filesystem::exists(target_, error) &&
      !(std::filesystem::is_directory(target_, error) && std::filesystem::is_empty(target_, error)))
    throw output_error(in_quotes(target_) + " already exists (only an empty folder is replaced)");
  auto pattern = target_.native() + ".tmp-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr)
    throw output_error("cannot create a folder beside " + in_quotes(target_) + ": " +
                       std::generic_category().message(errno));
  temporary_ = pattern;
  record_ = TemporaryOutputRecord(temporary_);
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
