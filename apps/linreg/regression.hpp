#pragma once
/// @file
/// Linear regression's result: the five sums over the points, exactly rounded, and the line
/// they give; and the per-point work every version shares.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include <pgasmr/collectives/exact_sum.hpp>
#include <pgasmr/datasets/pairs.hpp>

namespace pgasmr::apps::linreg {

/// The sums over the points, in output order: x, y, x*x, y*y, x*y.
enum Sum : std::size_t { sx, sy, sxx, syy, sxy, sum_count };

/// fn(sum, term) for a point's term of each sum: x, y and the IEEE double products x*x, y*y, x*y.
template <class Fn>
void for_each_term(datasets::Point point, Fn&& fn) {
  fn(sx, point.x);
  fn(sy, point.y);
  fn(sxx, point.x * point.x);
  fn(syy, point.y * point.y);
  fn(sxy, point.x * point.y);
}

/// Exact accumulators of the five sums: a sum is the correctly rounded exact sum of its terms,
/// the same bits whatever the order.
struct Sums {
  coll::ExactSum of[sum_count];

  void add(datasets::Point point) noexcept {
    for_each_term(point, [&](Sum sum, double term) { of[sum].add(term); });
  }
  Sums& operator+=(const Sums& other) noexcept {
    for (std::size_t i = 0; i < sum_count; ++i) of[i] += other.of[i];
    return *this;
  }
};

/// Adds points [first, last) of `bytes` (records of `format`) to `sums`: the same sums as
/// Sums::add of each point, faster for Phoenix byte pairs, whose terms are small integers: they are
/// added up exactly in integers, piece by piece, and each piece's five integer sums go into the
/// exact sums as one term each.
void add_points(std::span<const std::byte> bytes, datasets::PairFormat format, std::size_t first, std::size_t last,
                Sums& sums);

/// The output: the count, the rounded sums and the line y = slope * x + intercept they give.
struct Regression {
  std::uint64_t n = 0;
  double sums[sum_count] = {};
  double slope = 0;
  double intercept = 0;

  /// Phoenix's formulas in double arithmetic on the rounded sums:
  /// slope = (n sxy - sx sy) / (n sxx - sx^2), intercept = (sy - slope sx) / n.
  static Regression from(std::uint64_t n, const Sums& sums);
};

/// The --output text: lines `n`, `sx`, `sy`, `sxx`, `syy`, `sxy`, `slope`, `intercept`, each
/// name TAB value (integers as such, doubles as %.17g).
std::string format_regression(const Regression& regression);

/// What differs (empty when equal, bit for bit), for --verify.
std::string describe_difference(const Regression& expected, const Regression& actual);

}  // namespace pgasmr::apps::linreg
