// The histogram baselines and the result format, against hand-computed and modelled counts.

#include <gtest/gtest.h>

#include "histogram/baselines.hpp"
#include "histogram/rgb_histogram.hpp"
#include "image_model.hpp"

namespace hist = pgasmr::apps::histogram;
namespace ds = pgasmr::datasets;
using pgasmr::apps::test::model_histogram;
using pgasmr::apps::test::Rgb;
using pgasmr::apps::test::sample_pixels;
using pgasmr::apps::test::TemporaryImage;

namespace {

// 3 x 2 pixels: rows of 9 bytes, padded to 12 in the file.
const std::vector<Rgb> hand_pixels = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {10, 20, 30}, {10, 20, 30}, {255, 255, 255}};

hist::RgbHistogram hand_histogram() {
  hist::RgbHistogram counts{};
  // red: 255 twice (first and last pixels), 0 twice, 10 twice; likewise green and blue.
  counts[255] = 2;
  counts[0] = 2;
  counts[10] = 2;
  counts[256 + 0] = 2;
  counts[256 + 255] = 2;
  counts[256 + 20] = 2;
  counts[512 + 0] = 2;
  counts[512 + 255] = 2;
  counts[512 + 30] = 2;
  return counts;
}

}  // namespace

TEST(HistogramBaselines, HandComputedImageWithRowPadding) {
  TemporaryImage image(3, 2, hand_pixels);
  auto bmp = ds::open_bmp(image.path());
  EXPECT_EQ(hist::histogram_sequential(bmp.view), hand_histogram());
  for (std::size_t threads : {1u, 2u, 3u, 8u})
    EXPECT_EQ(hist::histogram_phoenix_like(bmp.view, threads), hand_histogram()) << threads << " threads";
}

TEST(HistogramBaselines, AgreeWithTheModelAtEveryPadding) {
  for (std::uint32_t width : {1u, 2u, 3u, 4u, 5u, 333u}) {
    const std::uint32_t height = 97;
    auto pixels = sample_pixels(std::size_t{width} * height, width);
    TemporaryImage image(width, height, pixels);
    auto bmp = ds::open_bmp(image.path());
    auto expected = model_histogram(pixels);
    EXPECT_EQ(hist::histogram_sequential(bmp.view), expected) << "width " << width;
    for (std::size_t threads : {1u, 2u, 3u, 4u, 8u})
      EXPECT_EQ(hist::histogram_phoenix_like(bmp.view, threads), expected) << "width " << width << ", " << threads;
  }
}

// Both counting kernels on every row length modulo a step of four pixels, on bands that start
// and end inside the image (bands of 31, 14, 27 and 1 rows: the pairs' three parts with 1, 2 or 0
// rows left over, or the one row alone), against the model; the pairs also after an earlier count
// in `counts`.
TEST(RgbHistogram, PairAndTableKernelsAgreeWithTheModel) {
  for (std::uint32_t width : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 333u}) {
    const std::uint32_t height = 31;
    auto pixels = sample_pixels(std::size_t{width} * height, width);
    TemporaryImage image(width, height, pixels);
    auto bmp = ds::open_bmp(image.path());
    for (auto [first, last] : {std::pair{0u, height}, std::pair{3u, 17u}, std::pair{2u, 29u}, std::pair{30u, 31u}}) {
      std::vector<Rgb> band(pixels.begin() + std::ptrdiff_t{first} * width, pixels.begin() + std::ptrdiff_t{last} * width);
      auto expected = model_histogram(band);
      hist::RgbHistogram by_tables{}, by_pairs{};
      hist::add_rows_by_tables(bmp.view, first, last, by_tables);
      hist::add_rows_by_pairs(bmp.view, first, last, by_pairs);
      EXPECT_EQ(by_tables, expected) << "width " << width << ", rows " << first << ".." << last;
      EXPECT_EQ(by_pairs, expected) << "width " << width << ", rows " << first << ".." << last;
      hist::add_rows_by_pairs(bmp.view, first, last, by_pairs);
      for (auto& count : expected) count *= 2;
      EXPECT_EQ(by_pairs, expected) << "counted twice: width " << width;
    }
  }
}

TEST(RgbHistogram, OutputFormat) {
  auto text = hist::format_histogram(hand_histogram());
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 768);
  EXPECT_TRUE(text.starts_with("r\t0\t2\nr\t1\t0\n")) << text.substr(0, 40);
  EXPECT_NE(text.find("\nr\t255\t2\ng\t0\t2\ng\t1\t0\n"), std::string::npos);
  EXPECT_NE(text.find("\ng\t20\t2\n"), std::string::npos);
  EXPECT_TRUE(text.ends_with("\nb\t254\t0\nb\t255\t2\n"));
}

TEST(RgbHistogram, DifferenceNamesTheBins) {
  auto expected = hand_histogram();
  EXPECT_EQ(hist::describe_difference(expected, expected), "");
  auto actual = expected;
  actual[256 + 20] = 5;
  EXPECT_EQ(hist::describe_difference(expected, actual), "g 20: 5 instead of 2");
}
