#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <pgasmr/datasets/bmp.hpp>
#include <pgasmr/datasets/error.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::expect_throw_containing;
using pgasmr::test::ScratchDir;

// Header field offsets, from the BMP specification (BITMAPFILEHEADER + BITMAPINFOHEADER).
constexpr std::size_t pixel_offset_field = 10, dib_size_field = 14, width_field = 18, height_field = 22,
                      planes_field = 26, bits_field = 28, compression_field = 30;

ds::BmpPixel pattern(std::uint32_t x, std::uint32_t y) {
  return {static_cast<std::uint8_t>(x * 7 + y), static_cast<std::uint8_t>(x + 31 * y), static_cast<std::uint8_t>(200 - x - y)};
}

std::uint32_t read_u32(const std::string& bytes, std::size_t offset) {
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < 4; ++i) value |= std::uint32_t{static_cast<std::uint8_t>(bytes[offset + i])} << (8 * i);
  return value;
}

void write_u32(std::string& bytes, std::size_t offset, std::uint32_t value) {
  for (std::size_t i = 0; i < 4; ++i) bytes[offset + i] = static_cast<char>(value >> (8 * i));
}

void write_u16(std::string& bytes, std::size_t offset, std::uint16_t value) {
  bytes[offset] = static_cast<char>(value);
  bytes[offset + 1] = static_cast<char>(value >> 8);
}

ds::BmpView parse(const std::string& bytes) {
  return ds::BmpView::parse(std::as_bytes(std::span(bytes.data(), bytes.size())), "picture.bmp");
}

/// A valid 5x3 BMP written by write_bmp, as bytes to corrupt.
std::string valid_bmp(const ScratchDir& dir) {
  ds::write_bmp(dir / "valid.bmp", {5, 3, false}, pattern);
  return pgasmr::test::read_file(dir / "valid.bmp");
}

TEST(Bmp, round_trip_pads_every_width) {
  ScratchDir dir;
  for (std::uint32_t width = 1; width <= 7; ++width)
    for (std::uint32_t height : {1u, 2u, 5u})
      for (bool top_down : {false, true}) {
        SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + (top_down ? " top-down" : " bottom-up"));
        auto path = dir / "round_trip.bmp";
        ds::write_bmp(path, {width, height, top_down}, pattern);
        std::size_t stride = (3 * width + 3) / 4 * 4;  // rows padded to whole 4-byte words
        EXPECT_EQ(std::filesystem::file_size(path), 54 + stride * height);

        auto bmp = ds::open_bmp(path);
        const auto& view = bmp.view;
        EXPECT_EQ(view.width(), width);
        EXPECT_EQ(view.height(), height);
        EXPECT_EQ(view.row_stride(), stride);
        EXPECT_EQ(view.top_down(), top_down);
        ASSERT_EQ(view.pixel_bytes().size(), stride * height);
        for (std::uint32_t y = 0; y < height; ++y) {
          auto row = view.row(y);
          ASSERT_EQ(row.size(), 3 * width);
          for (std::uint32_t x = 0; x < width; ++x) {
            auto expected = pattern(x, y);
            EXPECT_EQ(row[3 * x], expected.blue);
            EXPECT_EQ(row[3 * x + 1], expected.green);
            EXPECT_EQ(row[3 * x + 2], expected.red);
          }
          for (std::size_t pad = 3 * width; pad < stride; ++pad) EXPECT_EQ(view.pixel_bytes()[y * stride + pad], 0);
        }
      }
}

TEST(Bmp, top_down_is_stored_as_a_negative_height) {
  ScratchDir dir;
  ds::write_bmp(dir / "top.bmp", {4, 6, true}, pattern);
  auto bytes = pgasmr::test::read_file(dir / "top.bmp");
  EXPECT_EQ(static_cast<std::int32_t>(read_u32(bytes, height_field)), -6);
  EXPECT_TRUE(parse(bytes).top_down());
  ds::write_bmp(dir / "bottom.bmp", {4, 6, false}, pattern);
  EXPECT_EQ(static_cast<std::int32_t>(read_u32(pgasmr::test::read_file(dir / "bottom.bmp"), height_field)), 6);
}

TEST(Bmp, helpers_agree_with_the_written_file) {
  ScratchDir dir;
  ds::write_bmp(dir / "seven.bmp", {7, 2, false}, pattern);
  EXPECT_EQ(ds::bmp_row_stride(7), 24u);
  EXPECT_EQ(ds::bmp_file_size({7, 2, false}), std::filesystem::file_size(dir / "seven.bmp"));
}

TEST(Bmp, reads_extended_info_headers) {
  ScratchDir dir;
  auto bytes = valid_bmp(dir);
  // A BITMAPV5HEADER (124 bytes) instead of BITMAPINFOHEADER (40): 84 more header bytes.
  bytes.insert(54, std::string(84, '\0'));
  write_u32(bytes, dib_size_field, 124);
  write_u32(bytes, pixel_offset_field, 14 + 124);
  auto view = parse(bytes);
  EXPECT_EQ(view.width(), 5u);
  EXPECT_EQ(view.row(2)[0], pattern(0, 2).blue);
}

TEST(Bmp, honours_a_pixel_offset_past_the_header) {
  ScratchDir dir;
  auto bytes = valid_bmp(dir);
  bytes.insert(54, std::string(10, '\x7f'));  // a gap, e.g. an unused colour table
  write_u32(bytes, pixel_offset_field, 64);
  EXPECT_EQ(parse(bytes).row(1)[3], pattern(1, 1).blue);
}

struct Corruption {
  std::string what;
  void (*corrupt)(std::string&);
  std::string message;
};

TEST(Bmp, refuses_each_invalid_header_naming_the_file_and_the_reason) {
  ScratchDir dir;
  const std::vector<Corruption> corruptions = {
      {"bad magic", [](std::string& b) { b[0] = 'X'; }, "'picture.bmp' is not a BMP file"},
      {"empty file", [](std::string& b) { b.clear(); }, "'picture.bmp' is not a BMP file"},
      {"truncated header", [](std::string& b) { b.resize(20); }, "'picture.bmp': truncated BMP header"},
      {"file header only", [](std::string& b) { b.resize(14); }, "'picture.bmp': truncated BMP header"},
      {"OS/2 core header", [](std::string& b) { write_u32(b, dib_size_field, 12); }, "unsupported BMP header"},
      {"two planes", [](std::string& b) { write_u16(b, planes_field, 2); }, "unsupported BMP header (2 colour planes"},
      {"32 bits per pixel", [](std::string& b) { write_u16(b, bits_field, 32); }, "32 bits per pixel; only 24-bit"},
      {"8 bits per pixel", [](std::string& b) { write_u16(b, bits_field, 8); }, "8 bits per pixel; only 24-bit"},
      {"RLE compression", [](std::string& b) { write_u32(b, compression_field, 1); }, "compressed BMP (compression 1)"},
      {"bitfields", [](std::string& b) { write_u32(b, compression_field, 3); }, "compressed BMP (compression 3)"},
      {"zero width", [](std::string& b) { write_u32(b, width_field, 0); }, "invalid width 0"},
      {"negative width", [](std::string& b) { write_u32(b, width_field, static_cast<std::uint32_t>(-5)); }, "invalid width -5"},
      {"zero height", [](std::string& b) { write_u32(b, height_field, 0); }, "invalid height 0"},
      {"most negative height", [](std::string& b) { write_u32(b, height_field, 0x80000000u); }, "invalid height -2147483648"},
      {"pixels inside header", [](std::string& b) { write_u32(b, pixel_offset_field, 40); }, "pixel data offset 40 lies inside"},
      {"pixel offset past the end", [](std::string& b) { write_u32(b, pixel_offset_field, 1000); }, "pixel data offset 1000 lies past the end of the 102-byte file"},
      {"last byte missing", [](std::string& b) { b.pop_back(); }, "truncated pixel array (5x3 needs 48 bytes from offset 54, the file has 47 there)"},
      {"no pixels", [](std::string& b) { b.resize(54); }, "needs 48 bytes from offset 54, the file has 0 there"},
      {"huge width", [](std::string& b) { write_u32(b, width_field, 0x7fffffffu); }, "truncated pixel array"},
      {"huge height", [](std::string& b) { write_u32(b, height_field, 0x7fffffffu); }, "truncated pixel array"},
  };
  auto valid = valid_bmp(dir);
  ASSERT_NO_THROW(parse(valid));
  for (const auto& corruption : corruptions) {
    SCOPED_TRACE(corruption.what);
    auto bytes = valid;
    corruption.corrupt(bytes);
    expect_throw_containing<ds::input_error>([&] { parse(bytes); }, corruption.message);
  }
}

TEST(Bmp, open_refuses_missing_files_directories_and_other_formats) {
  ScratchDir dir;
  auto missing = dir / "missing.bmp";
  expect_throw_containing<ds::input_error>([&] { ds::open_bmp(missing); },
                                           "cannot open '" + missing.string() + "': No such file or directory");
  expect_throw_containing<ds::input_error>([&] { ds::open_bmp(dir.path()); }, "is a directory");
  pgasmr::test::write_file(dir / "text.bmp", "this is text, not a picture");
  expect_throw_containing<ds::input_error>([&] { ds::open_bmp(dir / "text.bmp"); },
                                           "'" + (dir / "text.bmp").string() + "' is not a BMP file");
}

TEST(Bmp, write_refuses_sizes_the_format_cannot_hold) {
  ScratchDir dir;
  auto path = dir / "bad.bmp";
  expect_throw_containing<std::invalid_argument>([&] { ds::write_bmp(path, {0, 3, false}, pattern); }, "got 0x3");
  expect_throw_containing<std::invalid_argument>([&] { ds::write_bmp(path, {3, 0, false}, pattern); }, "got 3x0");
  expect_throw_containing<std::invalid_argument>([&] { ds::write_bmp(path, {0x80000000u, 1, false}, pattern); },
                                                 "between 1 and 2147483647");
  expect_throw_containing<std::invalid_argument>([&] { ds::write_bmp(path, {40000, 40000, false}, pattern); },
                                                 "at most 4 GiB");
  EXPECT_TRUE(dir.entries().empty());
}

TEST(Bmp, failing_pixel_source_leaves_no_file) {
  ScratchDir dir;
  auto fill = [](std::uint32_t y, std::span<std::uint8_t>) {
    if (y == 2) throw std::runtime_error("no more pixels");
  };
  EXPECT_THROW(ds::write_bmp(dir / "partial.bmp", {4, 4, false}, fill), std::runtime_error);
  EXPECT_TRUE(dir.entries().empty());
}

}  // namespace
