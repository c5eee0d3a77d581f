#pragma once
// The BMP layout this component reads and writes: a 14-byte file header, then a DIB header that
// starts with the 40-byte BITMAPINFOHEADER, then the pixel array. All fields are little-endian.

#include <cstddef>
#include <cstdint>
#include <span>

#include <pgasmr/datasets/bmp.hpp>

namespace pgasmr::datasets::detail::bmp {

inline constexpr std::size_t file_header_bytes = 14;
inline constexpr std::size_t info_header_bytes = 40;  // BITMAPINFOHEADER
inline constexpr std::size_t headers_bytes = file_header_bytes + info_header_bytes;

// Offsets from the start of the file.
inline constexpr std::size_t magic_offset = 0;         // "BM"
inline constexpr std::size_t file_size_offset = 2;     // u32, often wrong in the wild: not checked
inline constexpr std::size_t pixel_offset_offset = 10; // u32
inline constexpr std::size_t dib_size_offset = 14;     // u32
inline constexpr std::size_t width_offset = 18;        // i32
inline constexpr std::size_t height_offset = 22;       // i32, negative for top-down
inline constexpr std::size_t planes_offset = 26;       // u16, 1
inline constexpr std::size_t bits_offset = 28;         // u16
inline constexpr std::size_t compression_offset = 30;  // u32, 0 = BI_RGB
inline constexpr std::size_t image_size_offset = 34;   // u32
inline constexpr std::size_t x_resolution_offset = 38; // i32, pixels per metre
inline constexpr std::size_t y_resolution_offset = 42; // i32

inline constexpr std::uint32_t bi_rgb = 0;
inline constexpr std::int32_t pixels_per_metre_72_dpi = 2835;

/// BITMAPINFOHEADER and its extensions V2 (52), V3 (56), V4 (108) and V5 (124) share the first
/// 40 bytes, which is all we read.
constexpr bool is_supported_dib_size(std::uint32_t size) {
  return size == 40 || size == 52 || size == 56 || size == 108 || size == 124;
}

/// Throws std::invalid_argument unless write_bmp can write `shape` (defined in bmp_write.cpp).
void check_writable_shape(const BmpShape& shape);

inline std::uint32_t load_u32(std::span<const std::byte> bytes, std::size_t offset) {
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < 4; ++i) value |= std::to_integer<std::uint32_t>(bytes[offset + i]) << (8 * i);
  return value;
}
inline std::uint16_t load_u16(std::span<const std::byte> bytes, std::size_t offset) {
  return static_cast<std::uint16_t>(std::to_integer<unsigned>(bytes[offset]) |
                                    std::to_integer<unsigned>(bytes[offset + 1]) << 8);
}
inline std::int32_t load_i32(std::span<const std::byte> bytes, std::size_t offset) {
  return static_cast<std::int32_t>(load_u32(bytes, offset));  // two's complement (C++20)
}

inline void store_u32(std::span<std::byte> bytes, std::size_t offset, std::uint32_t value) {
  for (std::size_t i = 0; i < 4; ++i) bytes[offset + i] = static_cast<std::byte>(value >> (8 * i));
}
inline void store_u16(std::span<std::byte> bytes, std::size_t offset, std::uint16_t value) {
  bytes[offset] = static_cast<std::byte>(value);
  bytes[offset + 1] = static_cast<std::byte>(value >> 8);
}
inline void store_i32(std::span<std::byte> bytes, std::size_t offset, std::int32_t value) {
  store_u32(bytes, offset, static_cast<std::uint32_t>(value));
}

}  // namespace pgasmr::datasets::detail::bmp
