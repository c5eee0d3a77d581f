#include <pgasmr/collectives/exact_sum.hpp>

#include <algorithm>
#include <bit>
#include <limits>
#include <span>

namespace pgasmr::coll {

namespace {

/// c = high * 2^32 + low with low in [-2^31, 2^31), for any c (nothing overflows).
struct Split {
  std::int64_t high;
  std::int64_t low;
};
Split split(std::int64_t c) noexcept {
  auto low = static_cast<std::int64_t>(static_cast<std::int32_t>(static_cast<std::uint32_t>(c)));
  return {(c >> 32) + (low < 0 ? 1 : 0), low};
}

/// Moves each chunk's excess over [-2^31, 2^31) into the next chunk; the last takes the rest.
/// The value sum(chunks[i] * 2^(32 i)) is unchanged.
void propagate(std::span<std::int64_t> chunks) noexcept {
  std::int64_t carry = 0;  // |carry| <= 2^31 + 1
  for (std::size_t i = 0; i + 1 < chunks.size(); ++i) {
    auto [high, low] = split(chunks[i]);
    auto [extra, rest] = split(low + carry);
    chunks[i] = rest;
    carry = high + extra;
  }
  chunks.back() += carry;
}

constexpr std::uint64_t infinity_bits = std::uint64_t{0x7FF} << 52;

}  // namespace

void ExactSum::propagate_carries() noexcept {
  propagate(chunks_);
  adds_left_ = adds_between_carries;
}

void ExactSum::add_infinity_or_nan(std::uint64_t bits) noexcept {
  if ((bits & mantissa_mask) != 0) flags_ |= nan_term;
  else flags_ |= (bits >> 63) != 0 ? minus_infinity : plus_infinity;
}

ExactSum& ExactSum::operator+=(const ExactSum& other) noexcept {
  // Each side's chunks lie within its adds since its last propagation of the range [-2^31,
  // 2^31); the two such ranges together count as one add more.
  auto used = [](const ExactSum& sum) -> std::uint64_t { return adds_between_carries - sum.adds_left_; };
  if (used(*this) + used(other) + 1 > adds_between_carries) propagate_carries();
  auto total = used(*this) + used(other) + 1;  // other has used at most 2^31 - 1: this fits now
  for (std::size_t i = 0; i < chunk_count; ++i) chunks_[i] += other.chunks_[i];
  flags_ |= other.flags_;
  adds_left_ = static_cast<std::uint32_t>(adds_between_carries - total);
  if (adds_left_ == 0) propagate_carries();
  return *this;
}

double ExactSum::value() const noexcept {
  if ((flags_ & nan_term) != 0 || (flags_ & (plus_infinity | minus_infinity)) == (plus_infinity | minus_infinity))
    return std::numeric_limits<double>::quiet_NaN();
  if ((flags_ & plus_infinity) != 0) return std::numeric_limits<double>::infinity();
  if ((flags_ & minus_infinity) != 0) return -std::numeric_limits<double>::infinity();

  // The sum's digits in base 2^32, two zero digits above them for the window read below.
  std::int64_t digits[chunk_count + 2] = {};
  std::copy(std::begin(chunks_), std::end(chunks_), digits);
  propagate(std::span(digits, chunk_count));
  // Every digit below the top nonzero one is in [-2^31, 2^31): together they weigh less than
  // one unit of it, so the top nonzero digit has the sum's sign.
  auto top = chunk_count;
  while (top > 0 && digits[top - 1] == 0) --top;
  if (top == 0) return flags_ == minus_zero_term ? -0.0 : 0.0;
  bool negative = digits[top - 1] < 0;

  // The magnitude, in digits of [0, 2^32) (the last one takes the rest).
  std::int64_t borrow = 0;  // 0 or -1
  for (std::size_t i = 0; i < chunk_count; ++i) {
    auto d = (negative ? -digits[i] : digits[i]) + borrow;
    if (i + 1 == chunk_count) {
      digits[i] = d;
    } else {
      digits[i] = d & static_cast<std::int64_t>(chunk_mask);
      borrow = d >> chunk_bits;
    }
  }
  top = chunk_count;
  while (digits[top - 1] == 0) --top;
  auto digit = [&](std::size_t i) { return static_cast<std::uint64_t>(digits[i]); };
  auto highest_bit = (top - 1) * chunk_bits + static_cast<std::size_t>(std::bit_width(digit(top - 1))) - 1;

  // The result keeps 53 bits from the highest, or down to bit 1 (2^-1074, the spacing of the
  // subnormals): `lowest` is its last bit, and also its biased exponent when normal.
  auto lowest = std::max<std::size_t>(highest_bit, 53) - 52;
  if (lowest > 2046) return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  // The magnitude's bits from lowest - 1 (the rounding bit) up: at most 54 of them.
  auto at = (lowest - 1) / chunk_bits;
  auto offset = (lowest - 1) % chunk_bits;
  auto window = (digit(at) >> offset) + (digit(at + 1) << (chunk_bits - offset)) + ((digit(at + 2) << 1) << (63 - offset));
  bool sticky = (digit(at) & ((std::uint64_t{1} << offset) - 1)) != 0 ||
                std::any_of(digits, digits + at, [](std::int64_t d) { return d != 0; });
  auto mantissa = window >> 1;
  if ((window & 1) != 0 && (sticky || (mantissa & 1) != 0)) ++mantissa;  // to nearest, ties to even
  // The implicit bit of a mantissa in [2^52, 2^53] adds one to the exponent field, and a
  // mantissa rounded up to 2^53 two: the bits come out right either way, subnormals too.
  auto bits = (static_cast<std::uint64_t>(lowest - 1) << 52) + mantissa;
  bits = std::min(bits, infinity_bits);
  if (negative) bits |= std::uint64_t{1} << 63;
  return std::bit_cast<double>(bits);
}

}  // namespace pgasmr::coll
