#include "linreg/regression.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>

namespace pgasmr::apps::linreg {
namespace {

constexpr const char* sum_names[sum_count] = {"sx", "sy", "sxx", "syy", "sxy"};

/// Phoenix byte pairs are summed as 32-bit integers in pieces of this many points: |x|, |y| <= 128,
/// so a piece's sums stay within 2^30 (exact in an int32 and in a double).
constexpr std::size_t byte_pair_piece = std::size_t{1} << 16;

std::string line(const char* name, double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%s\t%.17g\n", name, value);
  return text;
}

/// Doubles compare by their bits: NaN equals NaN, and -0.0 differs from +0.0.
bool same(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

}  // namespace

void add_points(std::span<const std::byte> bytes, datasets::PairFormat format, std::size_t first, std::size_t last,
                Sums& sums) {
  if (format == datasets::PairFormat::float64) {
    for (auto i = first; i < last; ++i) sums.add(datasets::point_at(bytes, i, format));
    return;
  }
  for (auto begin = first; begin < last; begin += byte_pair_piece) {
    const auto end = std::min(last, begin + byte_pair_piece);
    std::int32_t x_sum = 0, y_sum = 0, xx_sum = 0, yy_sum = 0, xy_sum = 0;
    std::int32_t minus_zero_products = 0;  // x*y is -0.0 in double arithmetic: one factor 0, the other negative
    for (auto i = begin; i < end; ++i) {
      const std::int32_t x = static_cast<signed char>(bytes[2 * i]);
      const std::int32_t y = static_cast<signed char>(bytes[2 * i + 1]);
      x_sum += x;
      y_sum += y;
      xx_sum += x * x;
      yy_sum += y * y;
      xy_sum += x * y;
      minus_zero_products += ((x == 0) & (y < 0)) | ((y == 0) & (x < 0));
    }
    sums.of[sx].add(double(x_sum));
    sums.of[sy].add(double(y_sum));
    sums.of[sxx].add(double(xx_sum));
    sums.of[syy].add(double(yy_sum));
    // A sum of nothing but -0.0 terms is -0.0: the one term standing for them must be one too.
    const auto points = static_cast<std::int32_t>(end - begin);
    sums.of[sxy].add(minus_zero_products == points ? -0.0 : double(xy_sum));
  }
}

Regression Regression::from(std::uint64_t n, const Sums& sums) {
  Regression result;
  result.n = n;
  for (std::size_t i = 0; i < sum_count; ++i) result.sums[i] = sums.of[i].value();
  const double count = static_cast<double>(n);
  const double x = result.sums[sx], y = result.sums[sy];
  result.slope = (count * result.sums[sxy] - x * y) / (count * result.sums[sxx] - x * x);
  result.intercept = (y - result.slope * x) / count;
  return result;
}

std::string format_regression(const Regression& regression) {
  std::string text = "n\t" + std::to_string(regression.n) + "\n";
  for (std::size_t i = 0; i < sum_count; ++i) text += line(sum_names[i], regression.sums[i]);
  return text + line("slope", regression.slope) + line("intercept", regression.intercept);
}

std::string describe_difference(const Regression& expected, const Regression& actual) {
  std::string difference;
  auto compare = [&](const char* name, double want, double got) {
    if (same(want, got)) return;
    char text[128];
    std::snprintf(text, sizeof text, "%s%s: %.17g instead of %.17g", difference.empty() ? "" : "; ", name, got, want);
    difference += text;
  };
  if (expected.n != actual.n)
    difference = "n: " + std::to_string(actual.n) + " instead of " + std::to_string(expected.n);
  for (std::size_t i = 0; i < sum_count; ++i) compare(sum_names[i], expected.sums[i], actual.sums[i]);
  compare("slope", expected.slope, actual.slope);
  compare("intercept", expected.intercept, actual.intercept);
  return difference;
}

}  // namespace pgasmr::apps::linreg
