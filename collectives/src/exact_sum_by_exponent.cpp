#include <pgasmr/collectives/exact_sum_by_exponent.hpp>

#include <limits>

namespace pgasmr::coll {

void ExactSumByExponent::move_bucket(std::size_t bucket) noexcept {
  const std::uint64_t terms = bucket_room - room_[bucket];
  const std::uint64_t mantissas = mantissas_[bucket];
  mantissas_[bucket] = 0;
  room_[bucket] = bucket_room;
  if (terms == 0) return;
  const bool negative = (bucket >> 11) != 0;
  const auto biased_exponent = static_cast<unsigned>(bucket & 0x7FF);
  ExactSum& sum = *sum_;
  if (biased_exponent == 0x7FF) {
    // Infinities (no mantissa bits) or NaNs: one stands for all, as an ExactSum keeps only
    // which kinds of special value it saw (and a NaN decides the value whatever else it saw).
    constexpr double infinity = std::numeric_limits<double>::infinity();
    sum.add(mantissas != 0 ? std::numeric_limits<double>::quiet_NaN() : negative ? -infinity : infinity);
    return;
  }
  if (biased_exponent == 0 && mantissas == 0) {  // zeros only
    sum.flags_ |= negative ? ExactSum::minus_zero_term : ExactSum::other_term;
    return;
  }
  // Some term is not a zero: the sum can no longer be -0.0, as ExactSum::add would have noted.
  sum.flags_ |= ExactSum::other_term;
  if (biased_exponent == 0) {
    // Subnormals (and zeros): no implicit bit, and the exponent of the smallest normals.
    sum.add_magnitude(mantissas, 1, negative);
    return;
  }
  sum.add_magnitude(mantissas, biased_exponent, negative);
  sum.add_magnitude(terms, biased_exponent + 52, negative);  // each term's implicit bit, 2^52
}

void ExactSumByExponent::flush() noexcept {
  for (std::size_t bucket = 0; bucket < buckets; ++bucket)
    if (room_[bucket] != bucket_room) move_bucket(bucket);
}

}  // namespace pgasmr::coll
