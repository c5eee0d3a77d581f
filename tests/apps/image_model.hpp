#pragma once
// Test images for the histogram and an independent model of their histogram.

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <pgasmr/datasets/bmp.hpp>

#include "histogram/rgb_histogram.hpp"

namespace pgasmr::apps::test {

/// A pixel as the picture has it (red first), unlike the file's blue-green-red order.
struct Rgb {
  std::uint8_t red, green, blue;
};

/// A BMP file written for one test and removed afterwards.
class TemporaryImage {
 public:
  TemporaryImage(std::uint32_t width, std::uint32_t height, const std::vector<Rgb>& pixels)
      : path_(std::filesystem::temp_directory_path() /
              ("pgasmr-apps-test-" + std::to_string(::getpid()) + "-" + std::to_string(next_id()) + ".bmp")) {
    datasets::write_bmp(path_, {width, height, false}, [&](std::uint32_t x, std::uint32_t y) {
      const auto& p = pixels[std::size_t{y} * width + x];
      return datasets::BmpPixel{p.blue, p.green, p.red};
    });
  }
  ~TemporaryImage() { std::filesystem::remove(path_); }
  TemporaryImage(const TemporaryImage&) = delete;
  TemporaryImage& operator=(const TemporaryImage&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  static int next_id() {
    static int id = 0;
    return ++id;
  }
  std::filesystem::path path_;
};

/// Deterministic pixels, skewed so that some bins are much fuller than others.
inline std::vector<Rgb> sample_pixels(std::size_t count, std::uint64_t seed) {
  std::vector<Rgb> pixels(count);
  std::uint64_t state = seed;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint8_t>((state >> 40) & (state >> 52));
  };
  for (auto& p : pixels) p = {next(), next(), next()};
  return pixels;
}

/// The histogram counted pixel by pixel.
inline histogram::RgbHistogram model_histogram(const std::vector<Rgb>& pixels) {
  histogram::RgbHistogram counts{};
  for (const auto& p : pixels) {
    ++counts[p.red];
    ++counts[256 + p.green];
    ++counts[512 + p.blue];
  }
  return counts;
}

}  // namespace pgasmr::apps::test
