#pragma once
// The generators' pseudo-random numbers: xoshiro256** (Blackman & Vigna), seeded through
// splitmix64. Written out here, not taken from <random>, so every platform and standard library
// produces the same datasets for a seed, and fast enough for hundreds of MB per second.

#include <cstdint>

namespace pgasmr::datasets::detail {

/// splitmix64: turns any seed (including 0) into well-mixed state words.
constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

class Random {
 public:
  /// `stream` separates independent sequences drawn from one user seed.
  explicit constexpr Random(std::uint64_t seed, std::uint64_t stream = 0) noexcept {
    std::uint64_t mix = seed ^ (stream * 0xd1b54a32d192ed03);
    for (auto& word : state_) word = splitmix64(mix);
  }

  constexpr std::uint64_t next() noexcept {
    std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  /// Uniform in [0, bound) by Lemire's multiply-shift (bias below 2^-32 for our bounds).
  constexpr std::uint32_t below(std::uint32_t bound) noexcept {
    return static_cast<std::uint32_t>(((next() >> 32) * bound) >> 32);
  }

  /// True with probability about numerator / 2^16.
  constexpr bool chance(std::uint32_t numerator_of_65536) noexcept { return (next() >> 48) < numerator_of_65536; }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }

  std::uint64_t state_[4]{};
};

}  // namespace pgasmr::datasets::detail
