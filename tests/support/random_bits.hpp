#pragma once
// Reproducible pseudo-random bits for the tests' generated cases: the same seed gives the same
// case on every run and machine.

#include <cstddef>
#include <cstdint>

namespace pgasmr::test {

/// splitmix64's finalizer: a well-mixed word from any word (0 included).
inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// Successive mixed words from a seed.
struct Rng {
  std::uint64_t state;
  std::uint64_t next() { return mix(state++); }
  /// In [0, n); 0 when n is 0.
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
};

}  // namespace pgasmr::test
