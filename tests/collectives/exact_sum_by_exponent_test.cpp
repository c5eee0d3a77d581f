// coll::ExactSumByExponent: terms added through it give an ExactSum the value (bit for bit) that
// ExactSum::add of each term gives, and the independent reference's (support/fsum.hpp): on
// ill-conditioned sums in any order with flushes anywhere, past many full buckets (4096 terms of
// one sign and exponent, at the smallest, subnormal and largest exponents), and for the special
// values and signed zeros.

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <ios>
#include <limits>
#include <memory>
#include <random>
#include <span>
#include <vector>

#include <pgasmr/collectives/exact_sum_by_exponent.hpp>

#include "support/fsum.hpp"
#include "support/same_double.hpp"

namespace {

namespace coll = pgasmr::coll;
using coll::ExactSum;
using coll::ExactSumByExponent;
using pgasmr::test::fsum;

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double true_min = std::numeric_limits<double>::denorm_min();

/// The terms' sum through an accumulator by exponent (on the heap: it is about 40 KB), flushed
/// after each term whose index `flush_after` names as well as at its end.
double sum_by_exponent(std::span<const double> terms, const std::vector<std::size_t>& flush_after = {}) {
  ExactSum sum;
  {
    auto by_exponent = std::make_unique<ExactSumByExponent>(sum);
    for (std::size_t i = 0; i < terms.size(); ++i) {
      by_exponent->add(terms[i]);
      if (std::ranges::find(flush_after, i) != flush_after.end()) by_exponent->flush();
    }
  }  // the destructor moves the rest
  return sum.value();
}

double sum_term_by_term(std::span<const double> terms) {
  ExactSum sum;
  for (double x : terms) sum.add(x);
  return sum.value();
}


TEST(ExactSumByExponent, MatchesTheReferenceInAnyOrderWithFlushesAnywhere) {
  std::mt19937_64 rng(2026);
  for (std::uint64_t seed = 0; seed < 80; ++seed) {
    auto n = std::vector<std::size_t>{0, 1, 2, 7, 40, 300, 2000, 9000}[seed % 8];
    auto terms = pgasmr::test::ill_conditioned_terms(n, seed);
    SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(n) + " terms");
    const auto expected = fsum(terms);
    EXPECT_SAME_DOUBLE(sum_by_exponent(terms), expected);
    std::ranges::shuffle(terms, rng);
    std::vector<std::size_t> flushes;
    for (std::size_t i = 0; i < 3 && n > 0; ++i) flushes.push_back(rng() % n);
    EXPECT_SAME_DOUBLE(sum_by_exponent(terms, flushes), expected);
  }
}

TEST(ExactSumByExponent, FullBucketsMoveAtEveryExponentKind) {
  // Runs of terms of one sign and exponent far past a bucket's 4096, with the widest mantissas
  // (each bucket near 2^64 when it moves), at the smallest normal, subnormal and largest
  // exponents, mixed with terms of the other sign.
  const double widest_normal = std::nextafter(2 * DBL_MIN, 0.0);  // 2^-1021 - 2^-1074: mantissa all ones
  const double widest_subnormal = std::nextafter(DBL_MIN, 0.0);
  const double widest_large = std::ldexp(std::nextafter(2.0, 0.0), 1000);
  for (double widest : {widest_normal, widest_subnormal, widest_large, 1.0 + 0x1p-52, true_min}) {
    SCOPED_TRACE(testing::Message() << std::hexfloat << widest);
    std::vector<double> terms(10000, widest);
    for (std::size_t i = 0; i < 3000; ++i) terms.push_back(-widest);
    terms.push_back(widest / 3);  // rounded: another exponent
    EXPECT_SAME_DOUBLE(sum_by_exponent(terms), fsum(terms));
    EXPECT_SAME_DOUBLE(sum_by_exponent(terms), sum_term_by_term(terms));
  }
  // Near the top: DBL_MAX 9000 times less 8999 times is DBL_MAX (no intermediate overflow),
  // 9000 times alone overflows to infinity, as ExactSum rounds it.
  std::vector<double> top(9000, DBL_MAX);
  EXPECT_SAME_DOUBLE(sum_by_exponent(top), inf);
  top.insert(top.end(), 8999, -DBL_MAX);
  EXPECT_SAME_DOUBLE(sum_by_exponent(top), DBL_MAX);
  EXPECT_SAME_DOUBLE(sum_by_exponent(top), sum_term_by_term(top));
}

TEST(ExactSumByExponent, SpecialValuesAndSignedZerosAsTermByTerm) {
  const std::vector<std::vector<double>> cases = {
      {},
      {-0.0},
      {-0.0, -0.0},
      {0.0},
      {-0.0, 0.0},
      {-0.0, -true_min, true_min},  // an exact zero, but not of -0.0 terms alone: +0.0
      {-true_min, true_min},
      {-true_min},
      {inf},
      {-inf, 1.0},
      {inf, -inf},
      {nan},
      {nan, inf},
      {-nan, -inf, 5.0},
      {1.0, -1.0, -0.0},
      {DBL_MAX, DBL_MAX},
      {-DBL_MAX, -DBL_MAX, DBL_MAX},
  };
  auto expect_as_term_by_term = [](std::span<const double> terms) {
    const double expected = sum_term_by_term(terms);
    const double got = sum_by_exponent(terms);
    if (std::isnan(expected)) {
      EXPECT_TRUE(std::isnan(got)) << got;
    } else {
      EXPECT_SAME_DOUBLE(got, expected);
    }
  };
  for (const auto& terms : cases) {
    SCOPED_TRACE(testing::Message() << terms.size() << " terms, first " << (terms.empty() ? 0.0 : terms[0]));
    expect_as_term_by_term(terms);
    // Many of each: the special buckets fill and move too.
    std::vector<double> many;
    for (int i = 0; i < 5000; ++i) many.insert(many.end(), terms.begin(), terms.end());
    expect_as_term_by_term(many);
  }
}

TEST(ExactSumByExponent, AddsToWhatTheSumHeld) {
  ExactSum sum;
  sum.add(0x1p60);
  sum.add(-0.0);
  {
    auto by_exponent = std::make_unique<ExactSumByExponent>(sum);
    by_exponent->add(1.0);
    by_exponent->add(-0x1p60);
  }
  EXPECT_SAME_DOUBLE(sum.value(), 1.0);
}

}  // namespace
