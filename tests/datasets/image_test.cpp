#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <pgasmr/datasets/bmp.hpp>
#include <pgasmr/datasets/image.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::ScratchDir;

TEST(Image, same_seed_gives_the_same_bytes_and_another_seed_other_bytes) {
  ScratchDir dir;
  ds::generate_image(dir / "a.bmp", {.seed = 4, .width = 61, .height = 40});
  ds::generate_image(dir / "b.bmp", {.seed = 4, .width = 61, .height = 40});
  ds::generate_image(dir / "c.bmp", {.seed = 5, .width = 61, .height = 40});
  auto a = pgasmr::test::read_file(dir / "a.bmp");
  EXPECT_EQ(a, pgasmr::test::read_file(dir / "b.bmp"));
  EXPECT_NE(a, pgasmr::test::read_file(dir / "c.bmp"));
}

TEST(Image, any_width_gives_a_valid_padded_bmp) {
  ScratchDir dir;
  for (std::uint32_t width = 1; width <= 9; ++width) {
    SCOPED_TRACE("width: " + std::to_string(width));
    auto path = dir / "image.bmp";
    ds::generate_image(path, {.seed = 1, .width = width, .height = 3});
    EXPECT_EQ(std::filesystem::file_size(path), 54 + (3 * width + 3) / 4 * 4 * 3);
    auto bmp = ds::open_bmp(path);
    EXPECT_EQ(bmp.view.width(), width);
    EXPECT_EQ(bmp.view.height(), 3u);
    EXPECT_FALSE(bmp.view.top_down());
  }
}

TEST(Image, uses_every_histogram_bin) {
  ScratchDir dir;
  ds::generate_image(dir / "image.bmp", {.seed = 9, .width = 300, .height = 260});
  auto bmp = ds::open_bmp(dir / "image.bmp");
  std::array<std::uint64_t, 768> bins{};
  for (std::uint32_t y = 0; y < bmp.view.height(); ++y) {
    auto row = bmp.view.row(y);
    for (std::size_t x = 0; x < row.size(); x += 3) {
      ++bins[512 + row[x]];      // blue
      ++bins[256 + row[x + 1]];  // green
      ++bins[row[x + 2]];        // red
    }
  }
  for (std::size_t bin = 0; bin < bins.size(); ++bin) EXPECT_GT(bins[bin], 0u) << "bin " << bin;
}

TEST(Image, shape_for_a_file_size_comes_close_from_below) {
  for (std::uint64_t bytes : {std::uint64_t{1000}, std::uint64_t{1} << 20, std::uint64_t{400} << 20, std::uint64_t{3} << 30}) {
    SCOPED_TRACE("bytes: " + std::to_string(bytes));
    auto shape = ds::image_shape_for_file_size(bytes);
    auto size = ds::bmp_file_size(shape);
    EXPECT_LE(size, bytes);
    EXPECT_GT(size + ds::bmp_row_stride(shape.width), bytes);  // within one row
    // About 4:3, up to rounding that matters only for tiny images.
    EXPECT_NEAR(static_cast<double>(shape.width) / shape.height, 4.0 / 3.0, bytes < (1 << 20) ? 0.25 : 0.01);
  }
  // Every small size, where rounding the width could leave no room for one padded row.
  for (std::uint64_t bytes = 58; bytes <= 5000; ++bytes) {
    auto shape = ds::image_shape_for_file_size(bytes);
    EXPECT_LE(ds::bmp_file_size(shape), bytes) << "bytes: " << bytes;
  }
  auto tiny = ds::image_shape_for_file_size(10);
  EXPECT_EQ(tiny.width, 1u);
  EXPECT_EQ(tiny.height, 1u);
}

TEST(Image, refuses_a_zero_size_and_writes_nothing) {
  ScratchDir dir;
  EXPECT_THROW(ds::generate_image(dir / "image.bmp", {.seed = 1, .width = 0, .height = 5}), std::invalid_argument);
  EXPECT_THROW(ds::generate_image(dir / "image.bmp", {.seed = 1, .width = 5, .height = 0}), std::invalid_argument);
  EXPECT_TRUE(dir.entries().empty());
}

TEST(Image, reports_progress_up_to_the_total) {
  ScratchDir dir;
  std::vector<std::uint64_t> done;
  ds::generate_image(dir / "image.bmp", {.seed = 1, .width = 1000, .height = 1000},
                     [&](std::uint64_t bytes, std::uint64_t total) {
                       EXPECT_EQ(total, ds::bmp_file_size({1000, 1000, false}));
                       done.push_back(bytes);
                     });
  ASSERT_GE(done.size(), 2u);
  EXPECT_TRUE(std::is_sorted(done.begin(), done.end()));
  EXPECT_EQ(done.back(), ds::bmp_file_size({1000, 1000, false}));
}

}  // namespace
