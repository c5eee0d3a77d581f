#include "free_space.hpp"

#include <sys/statvfs.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <system_error>

#include <pgasmr/datasets/byte_size.hpp>
#include <pgasmr/datasets/in_quotes.hpp>

namespace pgasmr::datasets::datagen {
namespace {

std::string both_forms(std::uint64_t bytes) {
  return format_byte_size(bytes) + " (" + std::to_string(bytes) + " bytes)";
}

}  // namespace

std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t product = 0;
  return __builtin_mul_overflow(a, b, &product) ? UINT64_MAX : product;
}

void check_free_space(const std::filesystem::path& output, OutputSize size) {
  if (output == "-") return;
  std::error_code missing;  // status() reports a missing output as an error: no matter
  auto status = std::filesystem::status(output, missing);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
      !std::filesystem::is_directory(status))
    return;  // a device or a pipe, written directly
  // The temporary output is made beside the file a chain of links ends at.
  std::error_code error;
  auto absolute = std::filesystem::absolute(output, error);  // weakly_canonical leaves a relative name as it is
  auto folder = std::filesystem::weakly_canonical(absolute, error).parent_path();
  if (error || folder.empty()) return;
  struct statvfs disk {};
  if (::statvfs(folder.c_str(), &disk) != 0) return;

  const std::uint64_t block = disk.f_frsize > 0 ? disk.f_frsize : disk.f_bsize;
  const auto needed = std::max(size.bytes, saturating_product(size.files, block));
  const auto available = saturating_product(disk.f_bavail, block);
  if (needed > available)
    throw std::invalid_argument("the output needs at least " + both_forms(needed) + ", but the file system of " +
                                in_quotes(folder) + " has " + both_forms(available) + " free");
  // Some file systems (btrfs) count no inodes: f_files is 0 there.
  if (disk.f_files > 0 && size.files > disk.f_favail)
    throw std::invalid_argument("the output needs " + std::to_string(size.files) +
                                " files and folders, but the file system of " + in_quotes(folder) + " has room for " +
                                std::to_string(disk.f_favail) + " more");
}

}  // namespace pgasmr::datasets::datagen
