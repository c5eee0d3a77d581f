#include <pgasmr/datasets/image.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "bmp_format.hpp"
#include "random.hpp"

namespace pgasmr::datasets {
namespace {

constexpr std::uint64_t smallest_bmp = 54 + 4;  // headers and one padded pixel
constexpr std::uint32_t noise_band_rows = 64;

/// Noise of +-amplitude from a random byte, without a division.
std::uint8_t noise(std::uint64_t random_byte, std::uint32_t amplitude) {
  return static_cast<std::uint8_t>(((random_byte & 0xff) * (2 * amplitude + 1) >> 8) - amplitude);
}

}  // namespace

BmpShape image_shape_for_file_size(std::uint64_t bytes) noexcept {
  if (bytes < smallest_bmp) return {1, 1, false};
  auto pixels = static_cast<double>(bytes - 54) / 3;
  auto width = static_cast<std::uint32_t>(std::max(1.0, std::round(std::sqrt(pixels * 4 / 3))));
  // Rounding may widen a small image past the one padded row that fits (at 60 bytes, 2 pixels
  // need a row of 8): narrow it until one does.
  while (width > 1 && bmp_row_stride(width) > bytes - 54) --width;
  auto height = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, (bytes - 54) / bmp_row_stride(width)));
  return {width, height, false};
}

void generate_image(const std::filesystem::path& path, const ImageOptions& options, const Progress& progress) {
  BmpShape shape{options.width, options.height, false};
  detail::bmp::check_writable_shape(shape);  // before sizing anything by the width
  // Red's ramp across a row, the same for every row.
  std::vector<std::uint8_t> red_ramp(options.width);
  for (std::uint32_t x = 0; x < options.width; ++x)
    red_ramp[x] = static_cast<std::uint8_t>(std::uint64_t{x} * 256 / options.width);

  auto fill_row = [&](std::uint32_t y, std::span<std::uint8_t> row) {
    // Each row has its own stream: rows do not depend on one another.
    detail::Random random(options.seed, 2 + std::uint64_t{y});
    auto green = static_cast<std::uint8_t>(std::uint64_t{y} * 256 / options.height);
    std::uint32_t amplitude = 2 + (y / noise_band_rows % 8) * 4;  // smooth to grainy bands, 2..30
    std::uint64_t bits = 0;
    for (std::uint32_t x = 0; x < options.width; ++x) {
      if (x % 2 == 0) bits = random.next();  // 8 random bytes serve two pixels
      auto red = red_ramp[x];
      auto blue = static_cast<std::uint8_t>((red + green) / 2);
      // Values wrap around at 0 and 255 (uint8 arithmetic), so the ends of the ramps get hit too.
      row[3 * x] = static_cast<std::uint8_t>(blue + noise(bits, amplitude));
      row[3 * x + 1] = static_cast<std::uint8_t>(green + noise(bits >> 8, amplitude));
      row[3 * x + 2] = static_cast<std::uint8_t>(red + noise(bits >> 16, amplitude));
      bits >>= 24;
    }
  };
  write_bmp(path, shape, fill_row, progress);
}

}  // namespace pgasmr::datasets
