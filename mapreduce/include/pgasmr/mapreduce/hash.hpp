#pragma once
/// @file
/// The default key hash of the containers and of the by_key shuffle. It is a pure function of
/// the key's bytes, so every process computes the same value (a shuffle needs that); custom
/// hashers must be deterministic in the same way (no per-process random seed).

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace pgasmr::mr {

/// Spreads the bits of x over all 64 bits (MurmurHash3's finalizer): weak hashes, e.g. the
/// identity on integers, become good table indexes.
constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

/// A fast hash of `size` bytes, eight at a time; the same on every process and run.
inline std::uint64_t hash_bytes(const void* data, std::size_t size, std::uint64_t seed = 0) noexcept {
  constexpr std::uint64_t k1 = 0x9E3779B97F4A7C15ULL;
  constexpr std::uint64_t k2 = 0xC2B2AE3D27D4EB4FULL;
  const auto* bytes = static_cast<const unsigned char*>(data);
  std::uint64_t h = seed ^ (size * k1);
  for (; size >= 8; size -= 8, bytes += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes, 8);
    h = std::rotl(h ^ (word * k2), 31) * k1;
  }
  if (size > 0) {
    std::uint64_t word = 0;
    std::memcpy(&word, bytes, size);
    h = std::rotl(h ^ (word * k2), 31) * k1;
  }
  return mix64(h);
}

namespace detail {
template <class T>
inline constexpr bool is_std_vector = false;
template <class T, class A>
inline constexpr bool is_std_vector<std::vector<T, A>> = true;
}  // namespace detail

/// hash<K>{}(key): integers and enums mixed; strings, string views, vectors and padding-free
/// trivially copyable types by their bytes; anything else through std::hash<K>, mixed.
template <class K>
struct hash {
  std::uint64_t operator()(const K& key) const noexcept {
    if constexpr (std::is_integral_v<K> || std::is_enum_v<K>) {
      return mix64(static_cast<std::uint64_t>(key));
    } else if constexpr (std::is_same_v<K, std::string> || std::is_same_v<K, std::string_view>) {
      return hash_bytes(key.data(), key.size());
    } else if constexpr (detail::is_std_vector<K>) {
      using E = typename K::value_type;
      if constexpr (std::has_unique_object_representations_v<E>) {
        return hash_bytes(key.data(), key.size() * sizeof(E));
      } else {
        std::uint64_t h = key.size();
        for (const auto& e : key) h = mix64(h ^ hash<E>{}(e));
        return h;
      }
    } else if constexpr (std::has_unique_object_representations_v<K>) {
      return hash_bytes(&key, sizeof(K));
    } else {
      return mix64(static_cast<std::uint64_t>(std::hash<K>{}(key)));
    }
  }
};

/// True when an equality predicate is plain equality, so that equal keys are identical. For
/// other predicates (e.g. case-insensitive), the containers keep the least of the keys they
/// see as equal, so the key a result reports does not depend on which thread saw it first.
template <class Equal>
inline constexpr bool is_identity_equality = false;
template <class T>
inline constexpr bool is_identity_equality<std::equal_to<T>> = true;

}  // namespace pgasmr::mr
