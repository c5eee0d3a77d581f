#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <pgasmr/datasets/bmp.hpp>
#include <pgasmr/datasets/output_file.hpp>

#include "bmp_format.hpp"

namespace pgasmr::datasets {

void detail::bmp::check_writable_shape(const BmpShape& shape) {
  constexpr auto largest = static_cast<std::uint32_t>(std::numeric_limits<std::int32_t>::max());
  if (shape.width == 0 || shape.width > largest || shape.height == 0 || shape.height > largest)
    throw std::invalid_argument("BMP image: width and height must be between 1 and " + std::to_string(largest) +
                                ", got " + std::to_string(shape.width) + "x" + std::to_string(shape.height));
  if (bmp_file_size(shape) > std::numeric_limits<std::uint32_t>::max())
    throw std::invalid_argument("BMP image: " + std::to_string(shape.width) + "x" + std::to_string(shape.height) +
                                " pixels need " + std::to_string(bmp_file_size(shape)) +
                                " bytes; a BMP file holds at most 4 GiB");
}

namespace {

namespace format = detail::bmp;

// Rows are filled in place in blocks of about this size, written without another copy.
constexpr std::uint64_t block_bytes = std::uint64_t{1} << 20;

std::array<std::byte, format::headers_bytes> headers_of(const BmpShape& shape) {
  std::array<std::byte, format::headers_bytes> header{};
  std::span<std::byte> bytes(header);
  bytes[0] = std::byte{'B'};
  bytes[1] = std::byte{'M'};
  auto pixel_bytes = bmp_row_stride(shape.width) * shape.height;
  format::store_u32(bytes, format::file_size_offset, static_cast<std::uint32_t>(bmp_file_size(shape)));
  format::store_u32(bytes, format::pixel_offset_offset, format::headers_bytes);
  format::store_u32(bytes, format::dib_size_offset, format::info_header_bytes);
  format::store_i32(bytes, format::width_offset, static_cast<std::int32_t>(shape.width));
  auto height = static_cast<std::int32_t>(shape.height);
  format::store_i32(bytes, format::height_offset, shape.top_down ? -height : height);
  format::store_u16(bytes, format::planes_offset, 1);
  format::store_u16(bytes, format::bits_offset, 24);
  format::store_u32(bytes, format::compression_offset, format::bi_rgb);
  format::store_u32(bytes, format::image_size_offset, static_cast<std::uint32_t>(pixel_bytes));
  format::store_i32(bytes, format::x_resolution_offset, format::pixels_per_metre_72_dpi);
  format::store_i32(bytes, format::y_resolution_offset, format::pixels_per_metre_72_dpi);
  return header;  // colours used / important stay 0
}

}  // namespace

void write_bmp(const std::filesystem::path& path, const BmpShape& shape, const BmpRowFiller& fill_row,
               const Progress& progress) {
  format::check_writable_shape(shape);
  AtomicOutputFile out(path);
  out.write(headers_of(shape));
  auto stride = bmp_row_stride(shape.width);
  auto total = bmp_file_size(shape);
  auto rows_per_block = std::max<std::uint64_t>(1, block_bytes / stride);
  // Zero-initialised once: the padding bytes after each row are never written to again.
  std::vector<std::uint8_t> block(std::min<std::uint64_t>(rows_per_block, shape.height) * stride);
  for (std::uint32_t first = 0; first < shape.height;) {
    auto rows = static_cast<std::uint32_t>(std::min<std::uint64_t>(rows_per_block, shape.height - first));
    for (std::uint32_t i = 0; i < rows; ++i)
      fill_row(first + i, std::span(block.data() + i * stride, std::size_t{shape.width} * 3));
    out.write(std::as_bytes(std::span(block.data(), rows * stride)));
    first += rows;
    if (progress) progress(out.size(), total);
  }
  out.commit();
}

void write_bmp(const std::filesystem::path& path, const BmpShape& shape,
               const std::function<BmpPixel(std::uint32_t x, std::uint32_t y)>& pixel) {
  write_bmp(path, shape, [&](std::uint32_t y, std::span<std::uint8_t> row) {
    for (std::uint32_t x = 0; x < shape.width; ++x) {
      auto value = pixel(x, y);
      row[3 * x] = value.blue;
      row[3 * x + 1] = value.green;
      row[3 * x + 2] = value.red;
    }
  });
}

}  // namespace pgasmr::datasets
