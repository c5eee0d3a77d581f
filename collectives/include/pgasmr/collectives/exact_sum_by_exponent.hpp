#pragma once
/// @file
/// ExactSumByExponent: many doubles added into an ExactSum at a fraction of ExactSum::add's
/// cost, for a thread's hot loop (linear regression's five sums over millions of points). The
/// "large superaccumulator" of Radford Neal's "Fast exact summation using small and large
/// superaccumulators" (2015): a term's 52 stored mantissa bits are added to a 64-bit bucket of
/// its sign and exponent, one integer add, and the bucket moves into the ExactSum (with the
/// implicit bits its terms lacked) only when it could overflow or when the sum is taken.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include <pgasmr/collectives/exact_sum.hpp>

namespace pgasmr::coll {

/// About 40 KB: a local accumulator of one thread, for one ExactSum (544 bytes, which is what
/// travels). Terms added through it reach the sum, at the latest when it is destroyed, and the
/// sum's value() is then the bits ExactSum::add of each term gives, in any order, special values
/// and signed zeros included.
class ExactSumByExponent {
 public:
  explicit ExactSumByExponent(ExactSum& sum) noexcept : sum_(&sum) { room_.fill(bucket_room); }
  ExactSumByExponent(const ExactSumByExponent&) = delete;  // a copy would add its terms twice
  ExactSumByExponent& operator=(const ExactSumByExponent&) = delete;
  ~ExactSumByExponent() { flush(); }

  /// Adds one term: one integer add, and a move into the sum once every 4096 terms of one sign
  /// and exponent (those terms' bucket is then full).
  void add(double term) noexcept {
    const auto bits = std::bit_cast<std::uint64_t>(term);
    const auto bucket = static_cast<std::size_t>(bits >> 52);  // sign and biased exponent
    mantissas_[bucket] += bits & mantissa_mask;
    if (--room_[bucket] == 0) [[unlikely]] move_bucket(bucket);
  }

  /// Moves every term added so far into the sum (which then holds them all), leaving this
  /// accumulator empty.
  void flush() noexcept;

 private:
  static constexpr std::size_t buckets = 4096;
  /// 4096 mantissas of at most 2^52 - 1 add up to less than 2^64.
  static constexpr std::uint16_t bucket_room = 4096;
  static constexpr std::uint64_t mantissa_mask = (std::uint64_t{1} << 52) - 1;

  void move_bucket(std::size_t bucket) noexcept;

  ExactSum* sum_;
  std::array<std::uint64_t, buckets> mantissas_ = {};  ///< by sign and biased exponent: the stored mantissas' sum
  std::array<std::uint16_t, buckets> room_;            ///< the terms each bucket can still take
};

}  // namespace pgasmr::coll
