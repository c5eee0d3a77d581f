#include "linreg/regression.hpp"

#include <bit>
#include <cstdio>

namespace pgasmr::apps::linreg {
namespace {

constexpr const char* sum_names[sum_count] = {"sx", "sy", "sxx", "syy", "sxy"};

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
  for (auto i = first; i < last; ++i) sums.add(datasets::point_at(bytes, i, format));
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
