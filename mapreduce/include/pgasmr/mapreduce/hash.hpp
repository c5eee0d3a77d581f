#pragma once
/// @file
/// The default key hash of the containers and of the by_key shuffle. It is a pure function of
/// the key's bytes, so every process computes the same value (a shuffle needs that); custom
/// hashers must be deterministic in the same way (no per-process random seed).

#include <array>
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

namespace detail {

/// The first min(size, 8) bytes of `data` as a little-endian word, zero-padded (size >= 1).
/// A short key takes one 8-byte load masked to its size, instead of a branch on its size
/// (unpredictable in text), whenever that load stays within the page of the key's first byte,
/// where it cannot fault; the bytes past the key are loaded but not used. The sanitizers would
/// report that load as an overflow or a race, so they are told not to look at it.
[[gnu::no_sanitize_address, gnu::no_sanitize_thread]] inline std::uint64_t pack_word(const char* data,
                                                                                      std::size_t size) noexcept {
  // A plain load even without optimization (a memcpy call could be checked by the sanitizers).
  using unaligned_word [[gnu::aligned(1), gnu::may_alias]] = std::uint64_t;
  constexpr std::uintptr_t page = 4096;
  if (size >= 8 || (reinterpret_cast<std::uintptr_t>(data) & (page - 1)) <= page - 8) [[likely]] {
    std::uint64_t word = *reinterpret_cast<const unaligned_word*>(data);
    return size < 8 ? word & (~std::uint64_t{0} >> (64 - 8 * size)) : word;
  }
  std::uint64_t word = 0;
  std::memcpy(&word, data, size);
  return word;
}

/// A text of at most short_text_bytes bytes as two words: its bytes in memory order,
/// zero-padded, then its size in the last byte. Equal texts, equal words: one comparison of
/// two registers tells two short texts apart (and a text's hash reads its bytes once). A
/// longer text's ShortText holds its first bytes and long_text_size_byte (short_text below).
struct ShortText {
  std::uint64_t first, second;
  friend bool operator==(const ShortText&, const ShortText&) = default;
};
inline constexpr std::size_t short_text_bytes = 15;
inline constexpr unsigned short_text_size_shift = 56;  // where `second` keeps the size

/// For n = 0 .. short_text_bytes, the masks that keep the first n bytes of a ShortText's two
/// words. Looked up: computed, `n >= 8 ? ... : ...` compiles to a branch that text mispredicts
/// (word count's map: half a misprediction per word, a third of all its mispredictions).
inline constexpr auto short_text_masks = [] {
  auto low_bytes = [](std::size_t n) { return n >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * n)) - 1; };
  std::array<ShortText, short_text_bytes + 1> masks{};
  for (std::size_t n = 0; n < masks.size(); ++n) masks[n] = {low_bytes(n), n > 8 ? low_bytes(n - 8) : 0};
  return masks;
}();

/// `words` masked to `size` bytes, the size in the last byte.
inline ShortText masked_short_text(ShortText words, std::size_t size) noexcept {
  const ShortText& keep = short_text_masks[size];
  return {words.first & keep.first, (words.second & keep.second) | std::uint64_t{size} << short_text_size_shift};
}

/// short_text for the few texts it cannot load 16 bytes of: those near the end of a page, and
/// the empty ones (whose data may be null). Apart, so that the common path keeps its words in
/// registers rather than in a copy in memory.
inline ShortText short_text_copied(const char* data, std::size_t size) noexcept {
  ShortText words{0, 0};
  if (size != 0) std::memcpy(&words, data, size);
  return masked_short_text(words, size);
}

/// The ShortText of `size` (at most short_text_bytes) bytes, without a branch on the size
/// (unpredictable in text, where a quarter of the words are longer than 8 bytes): 16 bytes are
/// loaded whenever they lie within the page of the first, as in pack_word, and masked.
[[gnu::no_sanitize_address, gnu::no_sanitize_thread]] inline ShortText short_text(const char* data,
                                                                                  std::size_t size) noexcept {
  using unaligned_word [[gnu::aligned(1), gnu::may_alias]] = std::uint64_t;
  constexpr std::uintptr_t page = 4096;
  if (size == 0 || (reinterpret_cast<std::uintptr_t>(data) & (page - 1)) > page - 16) [[unlikely]]
    return short_text_copied(data, size);
  return masked_short_text({*reinterpret_cast<const unaligned_word*>(data), *reinterpret_cast<const unaligned_word*>(data + 8)},
                           size);
}

/// The size byte of a long text's ShortText: one no stored key's words carry (StoredText marks
/// its long keys 0xff), so that comparing ShortTexts alone settles every short text and never
/// takes a long one for a stored key.
inline constexpr std::uint64_t long_text_size_byte = 0xfe;

/// The ShortText of `text` when it is short; for a long text (compared and hashed by its
/// bytes), its first short_text_bytes bytes with long_text_size_byte.
inline ShortText short_text(std::string_view text) noexcept {
  if (text.size() <= short_text_bytes) [[likely]] return short_text(text.data(), text.size());
  ShortText words = short_text(text.data(), short_text_bytes);
  words.second = (words.second & ~(std::uint64_t{0xff} << short_text_size_shift)) | long_text_size_byte << short_text_size_shift;
  return words;
}

/// Whether two strings hold the same bytes (inline: no memcmp call for short strings).
inline bool same_bytes(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t at = 0; at < a.size(); at += 8)
    if (pack_word(a.data() + at, a.size() - at) != pack_word(b.data() + at, b.size() - at)) return false;
  return true;
}

inline constexpr std::uint64_t hash_k1 = 0x9E3779B97F4A7C15ULL;  // the hashes' odd multipliers
inline constexpr std::uint64_t hash_k2 = 0xC2B2AE3D27D4EB4FULL;

/// The hash of `size` bytes, eight at a time, each word passed through `transform` first (the
/// identity, or a case fold for keys that ignore case).
template <class Transform>
std::uint64_t hash_words(const char* bytes, std::size_t size, std::uint64_t seed, Transform transform) noexcept {
  std::uint64_t h = seed ^ (size * hash_k1);
  for (std::size_t at = 0; at < size; at += 8)
    h = std::rotl(h ^ (transform(pack_word(bytes + at, size - at)) * hash_k2), 31) * hash_k1;
  return mix64(h);
}

/// The 128-bit product of a and b, its halves xor-ed: every bit of a reaches most bits of the
/// result in one multiply.
inline std::uint64_t folded_multiply(std::uint64_t a, std::uint64_t b) noexcept {
  __extension__ using Wide = unsigned __int128;
  const Wide product = Wide{a} * b;
  return static_cast<std::uint64_t>(product) ^ static_cast<std::uint64_t>(product >> 64);
}

/// The hash of a short text, from its two words (no loop whose length varies with the text):
/// two folded multiplies by constants, fewer instructions than multiplies and mix64's finalizer
/// (word count hashes every word of its text: about 10 instructions a word fewer).
inline std::uint64_t hash_short_text(ShortText text, std::uint64_t seed = 0) noexcept {
  return folded_multiply(folded_multiply(text.first ^ hash_k1, hash_k2) ^ text.second ^ seed, hash_k1);
}

/// hash_bytes of `text`, given its ShortText when it is short (ignored otherwise): a container
/// that holds the ShortText already need not read the bytes again.
inline std::uint64_t hash_text(std::string_view text, ShortText words, std::uint64_t seed = 0) noexcept {
  if (text.size() <= short_text_bytes) return hash_short_text(words, seed);
  return hash_words(text.data(), text.size(), seed, [](std::uint64_t word) { return word; });
}

}  // namespace detail

/// A fast hash of `size` bytes (up to 15 as two words, longer ones eight bytes at a time); the
/// same on every process and run.
inline std::uint64_t hash_bytes(const void* data, std::size_t size, std::uint64_t seed = 0) noexcept {
  const std::string_view text(static_cast<const char*>(data), size);
  return detail::hash_text(text, detail::short_text(text), seed);
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
