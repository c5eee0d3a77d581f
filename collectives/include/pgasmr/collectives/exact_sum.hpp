#pragma once
/// @file
/// ExactSum: the exact sum of doubles, rounded once, so that a sum is the same bits whatever the
/// order of its terms and however they were split between threads and processes (the correctly
/// rounded sum Python's math.fsum gives). A fixed-point superaccumulator in the spirit of
/// Radford Neal's "Fast exact summation using small and large superaccumulators" (2015).

#include <bit>
#include <cstddef>
#include <cstdint>

namespace pgasmr::coll {

/// Accumulates doubles exactly: every finite double is an integer multiple of 2^-1074 below
/// 2^1024, and the accumulator holds that integer in 32-bit chunks of 64-bit words, whose upper
/// halves are room for carries. An add touches three chunks and propagates nothing, so 2^31
/// terms can be added before the carries must be moved up (which add does by itself, every 2^31
/// terms). Trivially copyable, fixed size, no pointers: it travels as raw bytes through the
/// collectives and the MapReduce engine.
///
/// value() is the exact sum rounded to nearest, ties to even, with these special values:
///  - any NaN term, or +inf and -inf both among the terms: NaN (a quiet NaN, whatever the
///    terms' payloads, so that the result does not depend on their order);
///  - otherwise an infinite term: that infinity;
///  - an exact sum whose rounded magnitude exceeds DBL_MAX: +-inf (math.fsum raises
///    OverflowError instead), while intermediate sums never overflow: {DBL_MAX, DBL_MAX,
///    -DBL_MAX} is DBL_MAX;
///  - an exact sum of zero: -0.0 when every term is -0.0 (as IEEE addition gives), else +0.0;
///    the sum of no terms is +0.0.
/// Subnormal terms and results are exact like any others. The accumulator holds the sum of up to
/// 2^76 terms of any magnitude.
class ExactSum {
 public:
  /// The sum of no terms.
  constexpr ExactSum() noexcept = default;

  /// Adds one term, exactly: no allocation, and no branch but for infinities and NaNs and for
  /// the carries once every 2^31 adds.
  void add(double term) noexcept {
    auto bits = std::bit_cast<std::uint64_t>(term);
    auto biased_exponent = static_cast<unsigned>(bits >> 52) & 0x7FF;
    if (biased_exponent == 0x7FF) [[unlikely]] {
      add_infinity_or_nan(bits);
      return;
    }
    flags_ |= bits == minus_zero_bits ? minus_zero_term : other_term;
    // term = mantissa * 2^(shift - 1075): normal numbers have the implicit bit; subnormals
    // (biased exponent 0) do not, and share the exponent of the smallest normal numbers.
    std::uint64_t normal = biased_exponent != 0;
    std::uint64_t mantissa = (bits & mantissa_mask) | normal << 52;
    auto shift = biased_exponent + static_cast<unsigned>(!normal);
    auto chunk = shift / chunk_bits;
    auto offset = shift % chunk_bits;
    // The mantissa shifted by `offset` spans up to 84 bits: three chunks' worth.
    std::uint64_t low = (mantissa << offset) & chunk_mask;
    std::uint64_t middle = (mantissa >> (chunk_bits - offset)) & chunk_mask;
    std::uint64_t high = (mantissa >> chunk_bits) >> (chunk_bits - offset);
    // Adds the pieces for a positive term, subtracts them for a negative one, without a branch.
    auto sign = -static_cast<std::int64_t>(bits >> 63);
    chunks_[chunk] += (static_cast<std::int64_t>(low) ^ sign) - sign;
    chunks_[chunk + 1] += (static_cast<std::int64_t>(middle) ^ sign) - sign;
    chunks_[chunk + 2] += (static_cast<std::int64_t>(high) ^ sign) - sign;
    if (--adds_left_ == 0) [[unlikely]] propagate_carries();
  }

  /// Adds every term of `other`.
  ExactSum& operator+=(const ExactSum& other) noexcept;

  /// The exact sum rounded to nearest, ties to even (special values: see the class comment).
  double value() const noexcept;

 private:
  friend struct ExactSumProbe;  // the unit tests set up states that would take 2^31 adds to reach
  friend class ExactSumByExponent;  // adds many terms of one sign and exponent at once

  /// Enough chunks for any double's bits (shift up to 2046, plus 53 bits: chunks 0 to 65) and a
  /// top chunk for the carries, which holds the sum of up to 2^76 terms below 2^1024.
  static constexpr std::size_t chunk_count = 67;
  static constexpr unsigned chunk_bits = 32;
  static constexpr std::uint64_t chunk_mask = (std::uint64_t{1} << chunk_bits) - 1;
  static constexpr std::uint64_t mantissa_mask = (std::uint64_t{1} << 52) - 1;
  static constexpr std::uint64_t minus_zero_bits = std::uint64_t{1} << 63;
  /// After the carries are propagated every chunk lies in [-2^31, 2^31); each add changes a
  /// chunk by less than 2^32, so 2^31 adds keep it inside a 64-bit word.
  static constexpr std::uint32_t adds_between_carries = std::uint32_t{1} << 31;

  enum Flag : std::uint32_t {
    minus_zero_term = 1,  ///< some term was -0.0
    other_term = 2,       ///< some finite term was not -0.0
    plus_infinity = 4,
    minus_infinity = 8,
    nan_term = 16,
  };

  /// Adds magnitude * 2^(shift - 1075), negated if `negative`, as one add: each chunk changes by
  /// less than 2^32. Its bits must lie below the top chunk (shift + bit_width(magnitude) <= 2112).
  void add_magnitude(std::uint64_t magnitude, unsigned shift, bool negative) noexcept {
    auto chunk = shift / chunk_bits;
    auto offset = shift % chunk_bits;
    // The magnitude shifted by `offset` spans up to 96 bits: three chunks' worth.
    std::uint64_t low = (magnitude << offset) & chunk_mask;
    std::uint64_t middle = ((magnitude << offset) >> chunk_bits) & chunk_mask;
    std::uint64_t high = offset == 0 ? 0 : magnitude >> (64 - offset);
    auto sign = negative ? std::int64_t{-1} : std::int64_t{0};
    chunks_[chunk] += (static_cast<std::int64_t>(low) ^ sign) - sign;
    chunks_[chunk + 1] += (static_cast<std::int64_t>(middle) ^ sign) - sign;
    if (high != 0) chunks_[chunk + 2] += (static_cast<std::int64_t>(high) ^ sign) - sign;
    if (--adds_left_ == 0) [[unlikely]] propagate_carries();
  }

  /// Moves every chunk's excess into the next one, leaving each in [-2^31, 2^31).
  void propagate_carries() noexcept;
  void add_infinity_or_nan(std::uint64_t bits) noexcept;

  /// Chunk i holds the sum's bits [32 i, 32 i + 32) in units of 2^-1075 (signed, unnormalised).
  std::int64_t chunks_[chunk_count] = {};
  std::uint32_t adds_left_ = adds_between_carries;  ///< before the carries must be propagated
  std::uint32_t flags_ = 0;
};

}  // namespace pgasmr::coll
