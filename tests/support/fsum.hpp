#pragma once
// An independent reference for the exact sum of doubles (coll::ExactSum): Shewchuk's exact
// summation into non-overlapping partials, rounded as Python's math.fsum rounds them (the
// algorithm of CPython's math_fsum, with its half-way correction). And ill-conditioned terms
// to sum: magnitudes from subnormal to 2^1000, and large pairs that cancel.

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <utility>
#include <vector>

#include "support/random_bits.hpp"

namespace pgasmr::test {

/// The correctly rounded sum of finite terms, as math.fsum (no overflow checks: the partial
/// sums must stay below 2^1024).
inline double fsum(std::span<const double> terms) {
  std::vector<double> partials;  // non-overlapping, increasing magnitude; their sum is exact
  for (double x : terms) {
    std::size_t kept = 0;
    for (std::size_t j = 0; j < partials.size(); ++j) {
      double y = partials[j];
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      double hi = x + y;
      double lo = y - (hi - x);  // exact error of hi, since |x| >= |y|
      if (lo != 0.0) partials[kept++] = lo;
      x = hi;
    }
    partials.resize(kept);
    partials.push_back(x);
  }
  if (partials.empty()) return 0.0;
  // Add from the top until the sum becomes inexact; lo is then what was lost.
  std::size_t n = partials.size();
  double hi = partials[--n];
  double lo = 0.0;
  while (n > 0) {
    double x = hi;
    double y = partials[--n];
    hi = x + y;
    lo = y - (hi - x);
    if (lo != 0.0) break;
  }
  // hi + lo was rounded half-way: when the partials below push the same way, round away.
  if (n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0))) {
    double y = lo * 2.0;
    double x = hi + y;
    if (y == x - hi) hi = x;
  }
  return hi;
}

inline double fsum(std::initializer_list<double> terms) { return fsum(std::span<const double>(terms.begin(), terms.size())); }

/// A double from random bits: sign, mantissa and a biased exponent in [lowest, highest].
inline double random_double(std::uint64_t h, unsigned lowest, unsigned highest) {
  auto exponent = lowest + static_cast<unsigned>(mix(h) % (highest - lowest + 1));
  auto bits = (h & (std::uint64_t{1} << 63)) | (std::uint64_t{exponent} << 52) | (mix(h + 1) >> 12);
  return std::bit_cast<double>(bits);
}

/// Term k of an ill-conditioned sum (the same for every k in every process): terms 2p and 2p+1
/// are often a large value and its negation, which cancel wherever they are added (and make
/// plain addition lose what lies below them), and the others span every magnitude from
/// subnormal to 2^1000, mostly between 2^-40 and 2^40.
inline double ill_conditioned_term(std::uint64_t k, std::uint64_t seed) {
  auto pair = mix(seed * 0x100000001b3ULL + k / 2);
  if (pair % 3 == 0) {
    double big = random_double(pair, 1023 + 900, 1023 + 999);
    return k % 2 == 0 ? big : -big;
  }
  auto h = mix(pair + k);
  switch (h % 16) {
    case 0: return random_double(h, 0, 1023 + 999);  // anything below 2^1000
    case 1:
    case 2:
    case 3:
    case 4: return random_double(h, 0, 0);  // subnormal (or zero)
    case 5:
    case 6:
    case 7:
    case 8: return random_double(h, 0, 1023 + 60);  // tiny to moderate
    default: return random_double(h, 1023 - 40, 1023 + 40);  // near 1
  }
}

/// Terms [0, n) of ill_conditioned_term.
inline std::vector<double> ill_conditioned_terms(std::size_t n, std::uint64_t seed) {
  std::vector<double> terms(n);
  for (std::size_t k = 0; k < n; ++k) terms[k] = ill_conditioned_term(k, seed);
  return terms;
}

/// The bits of a double, for exact comparisons that tell -0.0 from +0.0 (and print usefully).
inline std::uint64_t bits_of(double x) { return std::bit_cast<std::uint64_t>(x); }

}  // namespace pgasmr::test
