#include "linreg/regression.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <memory>

#include <pgasmr/collectives/exact_sum_by_exponent.hpp>

#include "linreg/byte_pair_sums.hpp"

namespace pgasmr::apps::linreg {
namespace {

constexpr const char* sum_names[sum_count] = {"sx", "sy", "sxx", "syy", "sxy"};

/// Whether every product x*y of the points is -0.0 in double arithmetic (one factor 0, the
/// other negative): their sum is then -0.0, and so must be the one term standing for them.
bool every_product_minus_zero(const std::byte* pairs, std::size_t points) {
  for (std::size_t i = 0; i < points; ++i) {
    const auto x = static_cast<signed char>(pairs[2 * i]), y = static_cast<signed char>(pairs[2 * i + 1]);
    if (!((x == 0 && y < 0) || (y == 0 && x < 0))) return false;
  }
  return true;
}

std::string line(const char* name, double value) {
  char text[64];
  // A NaN's sign means nothing (x86 makes 0 / 0, the slope of points with one x, "-nan").
  std::snprintf(text, sizeof text, "%s\t%.17g\n", name, std::isnan(value) ? std::fabs(value) : value);
  return text;
}

/// Doubles compare by their bits: NaN equals NaN, and -0.0 differs from +0.0.
bool same(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

/// Sums::add through an ExactSumByExponent for each sum (about 200 KB: on the heap, not a
/// thread's stack), which moves its terms into the sum when destroyed.
struct SumsByExponent {
  explicit SumsByExponent(Sums& sums)
      : of{coll::ExactSumByExponent{sums.of[sx]}, coll::ExactSumByExponent{sums.of[sy]},
           coll::ExactSumByExponent{sums.of[sxx]}, coll::ExactSumByExponent{sums.of[syy]},
           coll::ExactSumByExponent{sums.of[sxy]}} {}
  static_assert(sum_count == 5);

  void add(datasets::Point point) noexcept {
    for_each_term(point, [&](Sum sum, double term) { of[sum].add(term); });
  }

  coll::ExactSumByExponent of[sum_count];
};

}  // namespace

void add_points(std::span<const std::byte> bytes, datasets::PairFormat format, std::size_t first, std::size_t last,
                Sums& sums) {
  if (format == datasets::PairFormat::float64) {
    // One integer add a term instead of ExactSum::add's three chunks; the terms reach `sums`
    // when the accumulators are destroyed.
    const auto by_exponent = std::make_unique<SumsByExponent>(sums);
    for (auto i = first; i < last; ++i) by_exponent->add(datasets::point_at(bytes, i, format));
    return;
  }
  for (auto begin = first; begin < last; begin += max_byte_pair_run) {
    const auto points = std::min(last - begin, max_byte_pair_run);
    const std::byte* pairs = bytes.data() + 2 * begin;
    const ByteSums piece = sum_byte_pairs(pairs, points);
    sums.of[sx].add(double(piece.x));
    sums.of[sy].add(double(piece.y));
    sums.of[sxx].add(double(piece.xx));
    sums.of[syy].add(double(piece.yy));
    // Only a piece whose products add up to 0 can consist of -0.0 products alone.
    sums.of[sxy].add(piece.xy == 0 && every_product_minus_zero(pairs, points) ? -0.0 : double(piece.xy));
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
