#pragma once
/// @file
/// 24-bit uncompressed BMP images (the histogram app's input, as in Phoenix): a validating
/// reader over bytes in memory, a mapped-file loader, and a writer.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string_view>

#include <pgasmr/datasets/mapped_file.hpp>
#include <pgasmr/datasets/progress.hpp>

namespace pgasmr::datasets {

/// One pixel, in the order BMP stores its bytes.
struct BmpPixel {
  std::uint8_t blue = 0;
  std::uint8_t green = 0;
  std::uint8_t red = 0;
};

/// The dimensions of an image and its row order in the file.
struct BmpShape {
  std::uint32_t width = 0;   ///< pixels per row, 1 .. 2^31-1
  std::uint32_t height = 0;  ///< rows, 1 .. 2^31-1
  bool top_down = false;     ///< rows stored top row first (negative height in the header)
};

/// Bytes of one stored row: 3 * width, padded to a multiple of 4.
std::uint64_t bmp_row_stride(std::uint32_t width) noexcept;
/// Bytes of a BMP file of this shape as write_bmp writes it (54-byte header + pixel array).
std::uint64_t bmp_file_size(const BmpShape& shape) noexcept;

/// A validated 24-bit uncompressed BMP held in memory. Non-owning: the bytes must outlive it.
class BmpView {
 public:
  /// Validates `file` (named `name` in error messages) and throws input_error, naming it and
  /// the reason, for: bad magic, a truncated or unsupported header (DIB header other than
  /// BITMAPINFOHEADER or its V2..V5 extensions, planes != 1), bits per pixel != 24, compression
  /// != BI_RGB, width <= 0, height 0, and a pixel array shorter than height padded rows.
  static BmpView parse(std::span<const std::byte> file, std::string_view name);

  std::uint32_t width() const noexcept { return width_; }
  std::uint32_t height() const noexcept { return height_; }
  /// Bytes from one row to the next: 3 * width rounded up to a multiple of 4.
  std::size_t row_stride() const noexcept { return row_stride_; }
  /// True when the file stores the top row first; row(0) is then the top of the picture,
  /// otherwise the bottom.
  bool top_down() const noexcept { return top_down_; }
  /// Row `y` in file order (y < height()): 3 * width bytes, blue, green, red per pixel,
  /// without the padding.
  std::span<const std::uint8_t> row(std::uint32_t y) const noexcept {
    return {pixels_ + std::size_t{y} * row_stride_, std::size_t{width_} * 3};
  }
  /// The whole pixel array in file order, height() * row_stride() bytes, padding included.
  std::span<const std::uint8_t> pixel_bytes() const noexcept {
    return {pixels_, std::size_t{height_} * row_stride_};
  }

 private:
  BmpView(const std::uint8_t* pixels, std::uint32_t width, std::uint32_t height, bool top_down) noexcept;

  const std::uint8_t* pixels_;
  std::uint32_t width_;
  std::uint32_t height_;
  std::size_t row_stride_;
  bool top_down_;
};

/// A mapped BMP file and its validated view. `view` points into `file`'s mapping, which keeps
/// its address when the BmpFile is moved; do not replace `file` alone.
struct BmpFile {
  MappedFile file;
  BmpView view;
};

/// Maps and validates a BMP file; throws input_error (missing file, directory, invalid BMP).
BmpFile open_bmp(const std::filesystem::path& path, Prefetch prefetch = Prefetch::none);

/// Fills row `y` (file order) of an image: `row` holds 3 * width bytes, blue, green, red.
using BmpRowFiller = std::function<void(std::uint32_t y, std::span<std::uint8_t> row)>;

/// Writes a 24-bit BMP of `shape` (rows padded to 4 bytes, padding zeroed), asking `fill_row`
/// for each row in file order, all-or-nothing (AtomicOutputFile). Throws std::invalid_argument
/// for a width or height of 0 or above 2^31-1, or a file over 4 GiB (the header's size field
/// is 32-bit); output_error when the file cannot be written.
void write_bmp(const std::filesystem::path& path, const BmpShape& shape, const BmpRowFiller& fill_row,
               const Progress& progress = {});

/// Convenience for small images: `pixel(x, y)` gives each pixel, y in file order.
void write_bmp(const std::filesystem::path& path, const BmpShape& shape,
               const std::function<BmpPixel(std::uint32_t x, std::uint32_t y)>& pixel);

}  // namespace pgasmr::datasets
