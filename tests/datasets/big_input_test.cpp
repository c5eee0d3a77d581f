// Inputs over 4 GiB: the memory-mapped loader and the BMP reader address every byte with 64-bit
// sizes. The files are sparse (no disk space used); the tests skip, saying why, where the file
// system cannot make such a file.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <pgasmr/datasets/bmp.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::ScratchDir;

constexpr std::uint64_t four_gib = std::uint64_t{1} << 32;

/// Grows `path` to `size` bytes without writing them; false (with the reason in `why`) when the
/// file system refuses or would store the zeros (no sparse files).
bool make_sparse(const std::filesystem::path& path, std::uint64_t size, std::string& why) {
  std::error_code error;
  std::filesystem::resize_file(path, size, error);
  if (error) {
    why = "cannot grow a file to " + std::to_string(size) + " bytes here: " + error.message();
    return false;
  }
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0 || std::uint64_t(status.st_blocks) * 512 > size / 2) {
    why = "the file system of " + path.parent_path().string() + " has no sparse files";
    return false;
  }
  return true;
}

void write_at(const std::filesystem::path& path, std::uint64_t offset, char byte) {
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.seekp(static_cast<std::streamoff>(offset));
  file.put(byte);
  ASSERT_TRUE(file.good()) << "cannot write at " << offset << " in " << path;
}

TEST(BigInputs, mapped_file_reads_past_4_gib) {
  ScratchDir dir;
  auto path = dir / "big.txt";
  pgasmr::test::write_file(path, "first");
  const std::uint64_t size = four_gib + 4096 + 3;
  std::string why;
  if (!make_sparse(path, size, why)) GTEST_SKIP() << why;
  write_at(path, size - 1, 'z');
  write_at(path, four_gib, 'y');

  ds::MappedFile file(path);
  ASSERT_EQ(file.size(), size);
  EXPECT_EQ(file.text().substr(0, 5), "first");
  EXPECT_EQ(file.text()[four_gib], 'y');
  EXPECT_EQ(file.text().back(), 'z');
}

TEST(BigInputs, bmp_with_a_pixel_array_over_4_gib) {
  ScratchDir dir;
  auto path = dir / "big.bmp";
  // 65536 x 21846 pixels: rows of 196608 bytes, 4295098368 bytes of pixels (> 4 GiB). The
  // header's file size field (32 bits) cannot hold that; readers ignore it, as ours does.
  const ds::BmpShape shape{.width = 65536, .height = 21846};
  ds::write_bmp(path, {.width = 1, .height = 1}, [](std::uint32_t, std::uint32_t) { return ds::BmpPixel{}; });
  const auto pixel_bytes = ds::bmp_row_stride(shape.width) * shape.height;
  ASSERT_GT(pixel_bytes, four_gib);
  std::string why;
  if (!make_sparse(path, 54 + pixel_bytes, why)) GTEST_SKIP() << why;
  for (std::uint32_t i = 0; i < 4; ++i) {
    write_at(path, 18 + i, static_cast<char>(shape.width >> (8 * i)));
    write_at(path, 22 + i, static_cast<char>(shape.height >> (8 * i)));
  }
  const auto last_row = 54 + ds::bmp_row_stride(shape.width) * (shape.height - 1);
  write_at(path, last_row + 2, 0x7f);  // red of the last row's first pixel

  auto bmp = ds::open_bmp(path);
  EXPECT_EQ(bmp.view.width(), shape.width);
  EXPECT_EQ(bmp.view.height(), shape.height);
  EXPECT_EQ(bmp.view.pixel_bytes().size(), pixel_bytes);
  EXPECT_EQ(bmp.view.row(shape.height - 1)[2], 0x7f);
  EXPECT_EQ(bmp.view.row(shape.height - 1).size(), std::size_t{shape.width} * 3);
}

}  // namespace
