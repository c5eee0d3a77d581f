#pragma once
// Refusing an output that cannot fit before writing any of it: a generator asked for more than
// the disk holds would otherwise fill it, then fail.

#include <cstdint>
#include <filesystem>

namespace pgasmr::datasets::datagen {

/// The least an output takes: its bytes, and the files and folders holding them (each takes a
/// block and an inode, however small).
struct OutputSize {
  std::uint64_t bytes = 0;
  std::uint64_t files = 1;
};

/// Throws std::invalid_argument (exit status 2) naming both sizes when `size` exceeds the free
/// space or the free inodes of the file system `output` is written to. Checks nothing for
/// standard output, devices and pipes, nor when the file system cannot be asked (a missing
/// folder: writing reports that).
void check_free_space(const std::filesystem::path& output, OutputSize size);

/// a x b, or UINT64_MAX when that does not fit: sizes to compare, never to allocate.
std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) noexcept;

}  // namespace pgasmr::datasets::datagen
