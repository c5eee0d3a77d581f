#include "linreg/byte_pair_sums.hpp"

#include "common/avx2_kernels.hpp"

#if PGASMR_AVX2_KERNELS
#include <immintrin.h>
#endif

namespace pgasmr::apps::linreg {

ByteSums sum_byte_pairs_scalar(const std::byte* pairs, std::size_t points) noexcept {
  ByteSums sums;
  for (std::size_t i = 0; i < points; ++i) {
    const std::int32_t x = static_cast<signed char>(pairs[2 * i]);
    const std::int32_t y = static_cast<signed char>(pairs[2 * i + 1]);
    sums.x += x;
    sums.y += y;
    sums.xx += x * x;
    sums.yy += y * y;
    sums.xy += x * y;
  }
  return sums;
}

#if PGASMR_AVX2_KERNELS
namespace {

PGASMR_AVX2_TARGET std::int32_t add_lanes(__m256i lanes) noexcept {
  __m128i half = _mm_add_epi32(_mm256_castsi256_si128(lanes), _mm256_extracti128_si256(lanes, 1));
  half = _mm_add_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(1, 0, 3, 2)));
  half = _mm_add_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(2, 3, 0, 1)));
  return _mm_cvtsi128_si32(half);
}

/// Each 16-bit lane of a load is one pair, x in its low byte: shifting sign-extends x (left
/// then arithmetic right) and y (arithmetic right) into 16-bit lanes; vpmaddwd then multiplies
/// lane by lane and adds neighbours into 32-bit lanes (x by 1 for the plain sums).
PGASMR_AVX2_TARGET ByteSums sum_byte_pairs_avx2(const std::byte* pairs, std::size_t points) noexcept {
  constexpr std::size_t step = 16;  // pairs per 32-byte load
  const __m256i ones = _mm256_set1_epi16(1);
  __m256i x_sums = _mm256_setzero_si256(), y_sums = x_sums, xx_sums = x_sums, yy_sums = x_sums, xy_sums = x_sums;
  std::size_t i = 0;
  for (; i + step <= points; i += step) {
    const __m256i both = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pairs + 2 * i));
    const __m256i x = _mm256_srai_epi16(_mm256_slli_epi16(both, 8), 8);
    const __m256i y = _mm256_srai_epi16(both, 8);
    x_sums = _mm256_add_epi32(x_sums, _mm256_madd_epi16(x, ones));
    y_sums = _mm256_add_epi32(y_sums, _mm256_madd_epi16(y, ones));
    xx_sums = _mm256_add_epi32(xx_sums, _mm256_madd_epi16(x, x));
    yy_sums = _mm256_add_epi32(yy_sums, _mm256_madd_epi16(y, y));
    xy_sums = _mm256_add_epi32(xy_sums, _mm256_madd_epi16(x, y));
  }
  ByteSums sums = sum_byte_pairs_scalar(pairs + 2 * i, points - i);
  sums.x += add_lanes(x_sums);
  sums.y += add_lanes(y_sums);
  sums.xx += add_lanes(xx_sums);
  sums.yy += add_lanes(yy_sums);
  sums.xy += add_lanes(xy_sums);
  return sums;
}

}  // namespace
#endif

ByteSums sum_byte_pairs(const std::byte* pairs, std::size_t points) noexcept {
#if PGASMR_AVX2_KERNELS
  if (cpu_has_avx2()) return sum_byte_pairs_avx2(pairs, points);
#endif
  return sum_byte_pairs_scalar(pairs, points);
}

}  // namespace pgasmr::apps::linreg
