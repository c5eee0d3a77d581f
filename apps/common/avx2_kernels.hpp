#pragma once
/// @file
/// Kernels compiled for AVX2 beside the baseline x86-64 (SSE2) build, chosen at run time: a
/// function marked PGASMR_AVX2_TARGET is called only when cpu_has_avx2() (PGASMR_AVX2_FMA_TARGET:
/// cpu_has_avx2_fma()). Chosen at the call, not through an ifunc (target_clones), whose resolver
/// runs before ThreadSanitizer's runtime is ready and crashed every program that had one.

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PGASMR_AVX2_KERNELS 1
#define PGASMR_AVX2_TARGET [[gnu::target("avx2")]]
/// AVX2 with fused multiply-adds, which the compiler then contracts a * b + c into (one rounding
/// instead of two: the same result wherever both are exact, as in matmul's integer sums).
#define PGASMR_AVX2_FMA_TARGET [[gnu::target("avx2,fma")]]
#else
#define PGASMR_AVX2_KERNELS 0
#endif

namespace pgasmr::apps {

/// Whether this processor runs AVX2 code (asked once).
inline bool cpu_has_avx2() noexcept {
#if PGASMR_AVX2_KERNELS
  static const bool avx2 = __builtin_cpu_supports("avx2");
  return avx2;
#else
  return false;
#endif
}

/// Whether this processor runs AVX2 code with fused multiply-adds (asked once).
inline bool cpu_has_avx2_fma() noexcept {
#if PGASMR_AVX2_KERNELS
  static const bool fma = cpu_has_avx2() && __builtin_cpu_supports("fma");
  return fma;
#else
  return false;
#endif
}

}  // namespace pgasmr::apps
