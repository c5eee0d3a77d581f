// coll::ExactSum on its own: against an independent reference (support/fsum.hpp: Shewchuk's
// exact partials, rounded as math.fsum) on ill-conditioned random sums, in every order tried and
// split into parts that are merged; known roundings (cancellation, ties to even, subnormals,
// overflow); the special values and signed zeros; and the carry room, from states that 2^31
// adds of the largest pieces would reach.

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <random>
#include <span>
#include <type_traits>
#include <vector>

#include <pgasmr/collectives/exact_sum.hpp>

#include "support/fsum.hpp"
#include "support/same_double.hpp"

namespace pgasmr::coll {

/// Sets accumulator states directly: chunk i holds the sum's bits [32 i, 32 i + 32) in units of
/// 2^-1075 (see ExactSum), and adds_left counts the adds before the carries must move.
struct ExactSumProbe {
  static constexpr std::uint32_t adds_between_carries = ExactSum::adds_between_carries;
  static void set_chunk(ExactSum& sum, std::size_t i, std::int64_t value) { sum.chunks_[i] = value; }
  static void set_adds_left(ExactSum& sum, std::uint32_t adds) { sum.adds_left_ = adds; }
  static std::uint32_t adds_left(const ExactSum& sum) { return sum.adds_left_; }
};

}  // namespace pgasmr::coll

namespace {

namespace coll = pgasmr::coll;
using coll::ExactSum;
using coll::ExactSumProbe;
using pgasmr::test::bits_of;
using pgasmr::test::fsum;

static_assert(std::is_trivially_copyable_v<ExactSum>);
static_assert(std::has_unique_object_representations_v<ExactSum>, "no padding: equal states, equal bytes");

double sum_of(std::span<const double> terms) {
  ExactSum sum;
  for (double x : terms) sum.add(x);
  return sum.value();
}
double sum_of(std::initializer_list<double> terms) { return sum_of(std::span<const double>(terms.begin(), terms.size())); }


constexpr double max = DBL_MAX;
constexpr double true_min = std::numeric_limits<double>::denorm_min();
constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

TEST(ExactSum, Cancellation) {
  EXPECT_SAME_DOUBLE(sum_of({1e100, 1.0, -1e100}), 1.0);
  EXPECT_SAME_DOUBLE(sum_of({1e300, 1e-300, -1e300}), 1e-300);
  EXPECT_SAME_DOUBLE(sum_of({max, true_min, -max}), true_min);
  EXPECT_SAME_DOUBLE(sum_of({1.0, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16}), 1.000000000000001);
  std::vector<double> many(100000, 1e-16);
  many.insert(many.begin(), 1.0);
  EXPECT_SAME_DOUBLE(sum_of(many), fsum(many));
  EXPECT_SAME_DOUBLE(sum_of(many), 1.00000000001);
  EXPECT_SAME_DOUBLE(sum_of({0.1, 0.2, -0.3}), fsum({0.1, 0.2, -0.3}));
  EXPECT_SAME_DOUBLE(sum_of({0.1, 0.2, -0.3}), 2.7755575615628914e-17);
}

TEST(ExactSum, TiesToEven) {
  const double half_ulp = std::ldexp(1.0, -53);  // of 1.0
  const double above_one = std::nextafter(1.0, 2.0);
  EXPECT_SAME_DOUBLE(sum_of({1.0, half_ulp}), 1.0);
  EXPECT_SAME_DOUBLE(sum_of({1.0, half_ulp, std::ldexp(1.0, -105)}), above_one);
  EXPECT_SAME_DOUBLE(sum_of({1.0, half_ulp, true_min}), above_one);  // a sticky bit 1021 places down
  EXPECT_SAME_DOUBLE(sum_of({1.0, half_ulp, -std::ldexp(1.0, -105)}), 1.0);
  EXPECT_SAME_DOUBLE(sum_of({above_one, half_ulp}), 1.0 + std::ldexp(1.0, -51));  // odd: up
  EXPECT_SAME_DOUBLE(sum_of({-1.0, -half_ulp}), -1.0);
  EXPECT_SAME_DOUBLE(sum_of({-above_one, -half_ulp}), -1.0 - std::ldexp(1.0, -51));
  EXPECT_SAME_DOUBLE(sum_of({-1.0, -half_ulp, -true_min}), -above_one);
  // A tie where the sum is negative and the terms are not: 2 - 3 - 2^-53 = -1 - 2^-53.
  EXPECT_SAME_DOUBLE(sum_of({2.0, -3.0, -half_ulp}), -1.0);
  EXPECT_SAME_DOUBLE(sum_of({2.0, -3.0, -half_ulp, -true_min}), -above_one);
}

TEST(ExactSum, Subnormals) {
  for (std::size_t n : {1, 2, 3, 1000, 1 << 20}) {
    std::vector<double> tiny(n, true_min);
    EXPECT_SAME_DOUBLE(sum_of(tiny), std::ldexp(static_cast<double>(n), -1074)) << n;
  }
  const double below_min = std::nextafter(DBL_MIN, 0.0);  // the largest subnormal
  EXPECT_SAME_DOUBLE(sum_of({DBL_MIN, -true_min}), below_min);
  EXPECT_SAME_DOUBLE(sum_of({below_min, true_min}), DBL_MIN);
  EXPECT_SAME_DOUBLE(sum_of({below_min, below_min}), 2 * DBL_MIN - 2 * true_min);
  // Above 2^-1021 the spacing is 2^-1073: a smallest subnormal is half of it.
  const double two_min = 2 * DBL_MIN;
  EXPECT_SAME_DOUBLE(sum_of({two_min, true_min}), two_min);
  EXPECT_SAME_DOUBLE(sum_of({two_min, true_min, true_min}), two_min + std::ldexp(1.0, -1073));
  EXPECT_SAME_DOUBLE(sum_of({two_min + std::ldexp(1.0, -1073), true_min}), two_min + std::ldexp(1.0, -1072));
  EXPECT_SAME_DOUBLE(sum_of({-true_min, -true_min, -true_min}), -3 * true_min);
  std::vector<double> subnormals;
  for (std::uint64_t k = 0; k < 500; ++k) subnormals.push_back(pgasmr::test::random_double(k * 7919, 0, 0));
  EXPECT_SAME_DOUBLE(sum_of(subnormals), fsum(subnormals));
}

TEST(ExactSum, OverflowGivesInfinity) {
  const double half_ulp_of_max = std::ldexp(1.0, 970);
  EXPECT_SAME_DOUBLE(sum_of({max, max}), inf);
  EXPECT_SAME_DOUBLE(sum_of({-max, -max}), -inf);
  EXPECT_SAME_DOUBLE(sum_of({max, max * std::ldexp(1.0, -53)}), inf);  // more than half an ulp up
  EXPECT_SAME_DOUBLE(sum_of({max, half_ulp_of_max}), inf);             // a tie: max's mantissa is odd
  EXPECT_SAME_DOUBLE(sum_of({-max, -half_ulp_of_max}), -inf);
  EXPECT_SAME_DOUBLE(sum_of({max, half_ulp_of_max, -true_min}), max);  // just below the tie
  EXPECT_SAME_DOUBLE(sum_of({max, std::ldexp(1.0, 969)}), max);
  // Intermediate sums beyond DBL_MAX are exact (math.fsum would raise OverflowError here).
  EXPECT_SAME_DOUBLE(sum_of({max, max, -max}), max);
  std::vector<double> huge(1000, max);
  huge.insert(huge.end(), 999, -max);
  EXPECT_SAME_DOUBLE(sum_of(huge), max);
  huge.push_back(-max);
  huge.push_back(-1.0);
  EXPECT_SAME_DOUBLE(sum_of(huge), -1.0);
}

TEST(ExactSum, InfinitiesAndNaN) {
  EXPECT_TRUE(std::isnan(sum_of({nan})));
  EXPECT_TRUE(std::isnan(sum_of({1.0, nan, 2.0})));
  EXPECT_TRUE(std::isnan(sum_of({-nan, inf})));
  EXPECT_TRUE(std::isnan(sum_of({std::bit_cast<double>(std::uint64_t{0x7FF0000000000001}), 1.0})));  // a signalling NaN
  EXPECT_TRUE(std::isnan(sum_of({inf, -inf})));
  EXPECT_TRUE(std::isnan(sum_of({inf, 1.0, -inf, 3.0})));
  EXPECT_SAME_DOUBLE(sum_of({inf, 1.0}), inf);
  EXPECT_SAME_DOUBLE(sum_of({inf, inf, -max}), inf);
  EXPECT_SAME_DOUBLE(sum_of({-inf, max, max}), -inf);  // an infinite term wins over an overflow
  EXPECT_SAME_DOUBLE(sum_of({1.0, -inf}), -inf);
  ExactSum plus, minus, finite;
  plus.add(inf);
  minus.add(-inf);
  finite.add(1.0);
  ExactSum a = plus;
  a += finite;
  EXPECT_SAME_DOUBLE(a.value(), inf);
  a += minus;
  EXPECT_TRUE(std::isnan(a.value()));
}

TEST(ExactSum, SignedZeros) {
  EXPECT_SAME_DOUBLE(ExactSum{}.value(), 0.0);  // no terms: +0.0
  EXPECT_SAME_DOUBLE(sum_of({-0.0}), -0.0);
  EXPECT_SAME_DOUBLE(sum_of({-0.0, -0.0}), -0.0);
  EXPECT_SAME_DOUBLE(sum_of({-0.0, 0.0}), 0.0);
  EXPECT_SAME_DOUBLE(sum_of({0.0, -0.0}), 0.0);
  EXPECT_SAME_DOUBLE(sum_of({0.0}), 0.0);
  EXPECT_SAME_DOUBLE(sum_of({1.0, -1.0}), 0.0);
  EXPECT_SAME_DOUBLE(sum_of({-1.0, 1.0}), 0.0);
  EXPECT_SAME_DOUBLE(sum_of({-0.0, -1.0, 1.0}), 0.0);
  EXPECT_SAME_DOUBLE(sum_of({-true_min, true_min}), 0.0);
  // As IEEE addition: only -0.0 + -0.0 is -0.0.
  volatile double minus_zero = -0.0;
  EXPECT_SAME_DOUBLE(minus_zero + minus_zero, -0.0);
  EXPECT_SAME_DOUBLE(minus_zero + 0.0, 0.0);
  ExactSum only_minus_zero, empty, plus_zero;
  only_minus_zero.add(-0.0);
  plus_zero.add(0.0);
  ExactSum merged = only_minus_zero;
  merged += empty;
  EXPECT_SAME_DOUBLE(merged.value(), -0.0);
  merged = empty;
  merged += only_minus_zero;
  EXPECT_SAME_DOUBLE(merged.value(), -0.0);
  merged += plus_zero;
  EXPECT_SAME_DOUBLE(merged.value(), 0.0);
}

/// Every ill-conditioned sum in order, reversed, shuffled, and split into parts summed apart
/// and merged in a random order: always the reference's bits.
TEST(ExactSum, MatchesTheReferenceInAnyOrderAndSplit) {
  std::mt19937_64 rng(12345);
  int naive_wrong = 0;
  for (std::uint64_t seed = 0; seed < 120; ++seed) {
    auto n = std::vector<std::size_t>{0, 1, 2, 3, 7, 40, 300, 2000}[seed % 8];
    auto terms = pgasmr::test::ill_conditioned_terms(n, seed);
    auto expected = fsum(terms);
    SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(n) + " terms");
    double naive = 0.0;
    for (double x : terms) naive += x;
    if (n >= 40) naive_wrong += bits_of(naive) != bits_of(expected);
    EXPECT_SAME_DOUBLE(sum_of(terms), expected);
    std::ranges::reverse(terms);
    EXPECT_SAME_DOUBLE(sum_of(terms), expected);
    for (int round = 0; round < 3; ++round) {
      std::ranges::shuffle(terms, rng);
      EXPECT_SAME_DOUBLE(sum_of(terms), expected);
      auto parts = 1 + rng() % 8;
      std::vector<ExactSum> sums(parts);
      for (double x : terms) sums[rng() % parts].add(x);
      std::ranges::shuffle(sums, rng);
      ExactSum total;
      for (const auto& part : sums) total += part;
      EXPECT_SAME_DOUBLE(total.value(), expected);
    }
  }
  EXPECT_EQ(naive_wrong, 45) << "every longer sum must be one that plain addition gets wrong";
}

TEST(ExactSum, TravelsAsBytes) {
  auto terms = pgasmr::test::ill_conditioned_terms(100, 99);
  ExactSum sum;
  for (std::size_t i = 0; i < 50; ++i) sum.add(terms[i]);
  unsigned char bytes[sizeof(ExactSum)];
  std::memcpy(bytes, &sum, sizeof sum);
  ExactSum copy;
  std::memcpy(&copy, bytes, sizeof copy);
  for (std::size_t i = 50; i < terms.size(); ++i) copy.add(terms[i]);
  EXPECT_SAME_DOUBLE(copy.value(), fsum(terms));
}

// ---- the carry room ---------------------------------------------------------------------------------

/// Doubles whose exact sum is chunk i's value `c`, in units of 2^-1075 (the chunks tested stay
/// where these are exact: above the subnormals' last bit and below 2^1024).
std::vector<double> terms_of_chunk(std::size_t i, std::int64_t c) {
  auto unit = static_cast<int>(32 * i) - 1075;
  return {std::ldexp(static_cast<double>(c >> 32), unit + 32), std::ldexp(static_cast<double>(c & 0xFFFFFFFF), unit)};
}

/// A term whose lowest piece is 2^32 - 1 at chunk 32 (and 2^21 - 1 at chunk 33): the largest
/// change an add can make to a chunk.
const double widest = std::ldexp(std::ldexp(1.0, 53) - 1, -51);
/// The most a chunk can hold with one add left: 2^31 - 1 after the last propagation, then
/// 2^31 - 1 adds of 2^32 - 1.
constexpr std::int64_t fullest = (std::int64_t{1} << 31) - 1 + ((std::int64_t{1} << 31) - 1) * 0xFFFFFFFF;
constexpr std::int64_t emptiest = -(std::int64_t{1} << 31) - ((std::int64_t{1} << 31) - 1) * 0xFFFFFFFF;

TEST(ExactSumCarries, TheLastAddBeforePropagating) {
  for (int sign : {1, -1}) {
    ExactSum sum;
    auto chunk = sign > 0 ? fullest : emptiest;
    ExactSumProbe::set_chunk(sum, 32, chunk);
    ExactSumProbe::set_adds_left(sum, 1);
    auto terms = terms_of_chunk(32, chunk);
    sum.add(sign * widest);  // chunk 32 reaches 2^63 - 1 (or -2^63), then the carries move
    terms.push_back(sign * widest);
    EXPECT_EQ(ExactSumProbe::adds_left(sum), ExactSumProbe::adds_between_carries);
    EXPECT_SAME_DOUBLE(sum.value(), fsum(terms));
    sum.add(sign * widest);
    sum.add(-1.5);
    terms.push_back(sign * widest);
    terms.push_back(-1.5);
    EXPECT_SAME_DOUBLE(sum.value(), fsum(terms));
  }
}

TEST(ExactSumCarries, EveryChunkFull) {
  for (std::int64_t chunk : {fullest, emptiest}) {
    ExactSum sum;
    std::vector<double> terms;
    for (std::size_t i = 0; i <= 60; ++i) {
      auto c = i == 0 ? chunk + (chunk & 1) : chunk;  // bit 0 is 2^-1075, never set by a double
      ExactSumProbe::set_chunk(sum, i, c);
      auto more = terms_of_chunk(i, c);
      terms.insert(terms.end(), more.begin(), more.end());
    }
    ExactSumProbe::set_adds_left(sum, 1);
    EXPECT_SAME_DOUBLE(sum.value(), fsum(terms));
    sum.add(0.75);
    terms.push_back(0.75);
    EXPECT_SAME_DOUBLE(sum.value(), fsum(terms));
  }
}

TEST(ExactSumCarries, MergingFullAccumulators) {
  ExactSum full;
  ExactSumProbe::set_chunk(full, 32, fullest);
  ExactSumProbe::set_adds_left(full, 1);
  auto one = terms_of_chunk(32, fullest);
  std::vector<double> two = one;
  two.insert(two.end(), one.begin(), one.end());

  ExactSum a = full;
  a += full;  // must propagate first: the chunks together would pass 2^63
  EXPECT_SAME_DOUBLE(a.value(), fsum(two));
  ExactSum self = full;
  self += self;
  EXPECT_SAME_DOUBLE(self.value(), fsum(two));

  // Two halves whose adds fill the room exactly (2^30 + (2^30 - 1) + 1): the merge propagates.
  constexpr std::int64_t half = (std::int64_t{1} << 31) - 1 + (std::int64_t{1} << 30) * 0xFFFFFFFF;
  constexpr std::int64_t rest = (std::int64_t{1} << 31) - 1 + ((std::int64_t{1} << 30) - 1) * 0xFFFFFFFF;
  ExactSum b, c;
  ExactSumProbe::set_chunk(b, 32, half);
  ExactSumProbe::set_adds_left(b, ExactSumProbe::adds_between_carries - (1u << 30));
  ExactSumProbe::set_chunk(c, 32, rest);
  ExactSumProbe::set_adds_left(c, ExactSumProbe::adds_between_carries - ((1u << 30) - 1));
  b += c;
  EXPECT_EQ(ExactSumProbe::adds_left(b), ExactSumProbe::adds_between_carries);
  auto terms = terms_of_chunk(32, half);
  auto more = terms_of_chunk(32, rest);
  terms.insert(terms.end(), more.begin(), more.end());
  EXPECT_SAME_DOUBLE(b.value(), fsum(terms));
}

}  // namespace
