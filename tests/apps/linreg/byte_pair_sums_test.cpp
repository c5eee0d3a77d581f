// The vectorized sums of Phoenix byte pairs equal the pair-by-pair ones for every length
// (whole 16-pair steps and the tail) and at the extremes (-128 and 127 everywhere, the longest
// run); and both equal sums computed here in 64-bit integers.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "linreg/byte_pair_sums.hpp"

namespace lr = pgasmr::apps::linreg;

namespace {

std::vector<std::byte> pairs_of(std::size_t points, std::uint64_t seed) {
  std::vector<std::byte> bytes(2 * points);
  for (auto& b : bytes) {
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    b = static_cast<std::byte>(seed >> 56);
  }
  return bytes;
}

/// The sums in 64-bit integers, checked to fit 32 bits.
lr::ByteSums reference(const std::vector<std::byte>& bytes) {
  std::int64_t x = 0, y = 0, xx = 0, yy = 0, xy = 0;
  for (std::size_t i = 0; i + 1 < bytes.size(); i += 2) {
    const std::int64_t a = static_cast<signed char>(bytes[i]), b = static_cast<signed char>(bytes[i + 1]);
    x += a, y += b, xx += a * a, yy += b * b, xy += a * b;
  }
  for (auto sum : {x, y, xx, yy, xy}) EXPECT_TRUE(sum >= INT32_MIN && sum <= INT32_MAX);
  return {static_cast<std::int32_t>(x), static_cast<std::int32_t>(y), static_cast<std::int32_t>(xx),
          static_cast<std::int32_t>(yy), static_cast<std::int32_t>(xy)};
}

void expect_sums(const std::vector<std::byte>& bytes) {
  const auto expected = reference(bytes);
  const std::size_t points = bytes.size() / 2;
  EXPECT_EQ(lr::sum_byte_pairs(bytes.data(), points), expected) << points << " points";
  EXPECT_EQ(lr::sum_byte_pairs_scalar(bytes.data(), points), expected) << points << " points";
}

}  // namespace

TEST(BytePairSums, EveryLengthAroundTheVectorStep) {
  for (std::size_t points = 0; points <= 70; ++points) expect_sums(pairs_of(points, points + 1));
  expect_sums(pairs_of(1000, 99));
}

TEST(BytePairSums, ExtremesOverTheLongestRun) {
  for (auto [x, y] : {std::pair{-128, -128}, std::pair{127, 127}, std::pair{-128, 127}, std::pair{127, -128}}) {
    std::vector<std::byte> bytes(2 * lr::max_byte_pair_run);
    for (std::size_t i = 0; i < bytes.size(); i += 2) {
      bytes[i] = static_cast<std::byte>(x);
      bytes[i + 1] = static_cast<std::byte>(y);
    }
    expect_sums(bytes);
  }
  expect_sums(pairs_of(lr::max_byte_pair_run, 7));
}

TEST(BytePairSums, UnalignedStart) {
  const auto bytes = pairs_of(200, 5);
  const std::vector<std::byte> shifted(bytes.begin() + 2, bytes.end());
  EXPECT_EQ(lr::sum_byte_pairs(bytes.data() + 2, 199), reference(shifted));
  EXPECT_EQ(lr::sum_byte_pairs(bytes.data() + 1, 99), reference(std::vector<std::byte>(bytes.begin() + 1, bytes.begin() + 199)));
}
