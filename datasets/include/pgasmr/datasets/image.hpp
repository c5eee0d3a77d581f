#pragma once
/// @file
/// A 24-bit BMP image for the histogram app.

#include <cstdint>
#include <filesystem>

#include <pgasmr/datasets/bmp.hpp>
#include <pgasmr/datasets/progress.hpp>

namespace pgasmr::datasets {

struct ImageOptions {
  std::uint64_t seed = 1;
  std::uint32_t width = 0;   ///< any width >= 1; rows are padded to 4 bytes as BMP requires
  std::uint32_t height = 0;
};

/// About a 4:3 image whose BMP file is at most `bytes` long and within one row of it
/// (1x1 when `bytes` is smaller than the smallest BMP).
BmpShape image_shape_for_file_size(std::uint64_t bytes) noexcept;

/// Writes a bottom-up 24-bit BMP to `path`, all-or-nothing. The picture is like a photo's
/// statistics rather than random bytes: red ramps across, green down, blue along the
/// diagonal, plus seeded noise whose strength changes in bands of rows; on images of at least
/// 256x256 every one of the 768 histogram bins is used. Deterministic for (seed, width,
/// height). Throws std::invalid_argument for a bad size (see write_bmp), output_error when
/// `path` cannot be written.
void generate_image(const std::filesystem::path& path, const ImageOptions& options, const Progress& progress = {});

}  // namespace pgasmr::datasets
