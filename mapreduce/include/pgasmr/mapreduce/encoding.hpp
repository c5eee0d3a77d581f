#pragma once
/// @file
/// How keys and values travel between threads: as bytes in one stream per destination. Three
/// data paths, chosen by type at compile time:
///   raw              trivially copyable types (not views): their bytes, memcpy'd;
///   length_prefixed  std::string, std::string_view and std::vector: a LEB128 length, then the
///                    elements (one memcpy for trivially copyable elements); a decoded
///                    string_view points into the received bytes, so decoding allocates nothing;
///   boost            anything else, through Boost.Serialization (serialization.hpp).
/// The thesis sends fixed-size pairs with a priv allgather and variable-size ones as raw bytes
/// plus an index (seed 000, §3.3); here every stream is self-delimiting, so no index is needed.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <pgasmr/mapreduce/container.hpp>
#include <pgasmr/mapreduce/serialization.hpp>

namespace pgasmr::mr {

enum class DataPath : std::uint8_t { raw, length_prefixed, boost };

namespace detail {
template <class T>
inline constexpr bool is_length_prefixed = false;
template <>
inline constexpr bool is_length_prefixed<std::string> = true;
template <>
inline constexpr bool is_length_prefixed<std::string_view> = true;
template <class T, class A>
inline constexpr bool is_length_prefixed<std::vector<T, A>> = true;
}  // namespace detail

/// Which path T takes. Views other than std::string_view (pointers, spans) are trivially
/// copyable but meaningless in another process: do not use them as keys or values.
template <class T>
inline constexpr DataPath data_path_of = detail::is_length_prefixed<T>  ? DataPath::length_prefixed
                                         : std::is_trivially_copyable_v<T> ? DataPath::raw
                                                                           : DataPath::boost;

/// Appends to a byte vector.
class ByteWriter {
 public:
  explicit ByteWriter(std::vector<std::byte>& out) : out_(&out) {}

  void write(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const std::byte*>(data);
    out_->insert(out_->end(), bytes, bytes + size);  // unlike resize, no zero-filling first
  }
  /// An unsigned LEB128 number: one byte for lengths below 128.
  void write_length(std::uint64_t n) {
    while (n >= 0x80) {
      out_->push_back(static_cast<std::byte>((n & 0x7f) | 0x80));
      n >>= 7;
    }
    out_->push_back(static_cast<std::byte>(n));
  }
  std::vector<std::byte>& bytes() noexcept { return *out_; }

 private:
  std::vector<std::byte>* out_;
};

/// Reads a byte stream front to back; throws pgasmr::error on a truncated or malformed stream.
class ByteReader {
 public:
  explicit ByteReader(std::span<const std::byte> in) : in_(in) {}

  bool at_end() const noexcept { return at_ == in_.size(); }
  std::size_t remaining() const noexcept { return in_.size() - at_; }

  void read(void* data, std::size_t size) {
    auto bytes = take(size);
    if (size > 0) std::memcpy(data, bytes.data(), size);
  }
  /// The next `size` bytes, in place.
  std::span<const std::byte> take(std::size_t size) {
    if (size > remaining()) truncated(size);
    auto bytes = in_.subspan(at_, size);
    at_ += size;
    return bytes;
  }
  std::uint64_t read_length() {
    std::uint64_t n = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      std::byte b{};
      read(&b, 1);
      n |= static_cast<std::uint64_t>(b & std::byte{0x7f}) << shift;
      if ((b & std::byte{0x80}) == std::byte{0}) return n;
    }
    malformed("a length longer than 64 bits");
  }

 private:
  [[noreturn]] void truncated(std::size_t wanted) const;
  [[noreturn]] void malformed(const char* what) const;

  std::span<const std::byte> in_;
  std::size_t at_ = 0;
};

/// The bytes of an unsigned LEB128 number.
constexpr std::size_t length_bytes(std::uint64_t n) noexcept {
  std::size_t bytes = 1;
  for (; n >= 0x80; n >>= 7) ++bytes;
  return bytes;
}

/// The bytes encode() writes for `value` when the type tells them without encoding it (raw,
/// strings, vectors of raw elements); 0 otherwise.
template <class T>
std::size_t encoded_size(const T& value) noexcept {
  if constexpr (data_path_of<T> == DataPath::raw) {
    return sizeof(T);
  } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view>) {
    return length_bytes(value.size()) + value.size();
  } else if constexpr (data_path_of<T> == DataPath::length_prefixed) {  // std::vector
    using E = typename T::value_type;
    if constexpr (data_path_of<E> == DataPath::raw) return length_bytes(value.size()) + value.size() * sizeof(E);
    else return 0;
  } else {
    return 0;
  }
}

template <class T>
void encode(ByteWriter& out, const T& value);
template <class T>
T decode(ByteReader& in);

template <class T>
void encode(ByteWriter& out, const T& value) {
  if constexpr (data_path_of<T> == DataPath::raw) {
    out.write(&value, sizeof(T));
  } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view>) {
    out.write_length(value.size());
    out.write(value.data(), value.size());
  } else if constexpr (data_path_of<T> == DataPath::length_prefixed) {  // std::vector
    using E = typename T::value_type;
    out.write_length(value.size());
    if constexpr (data_path_of<E> == DataPath::raw) {
      out.write(value.data(), value.size() * sizeof(E));
    } else {
      for (const auto& element : value) encode<E>(out, element);
    }
  } else {
    thread_local std::vector<std::byte> archive;  // reused: one allocation per thread, not per value
    archive.clear();
    detail::boost_encode(archive, value);
    out.write_length(archive.size());
    out.write(archive.data(), archive.size());
  }
}

template <class T>
T decode(ByteReader& in) {
  if constexpr (data_path_of<T> == DataPath::raw) {
    std::remove_const_t<T> value;
    in.read(&value, sizeof(T));
    return value;
  } else if constexpr (std::is_same_v<T, std::string_view> || std::is_same_v<T, std::string>) {
    auto size = in.read_length();
    auto bytes = in.take(size);
    return T(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  } else if constexpr (data_path_of<T> == DataPath::length_prefixed) {  // std::vector
    using E = typename T::value_type;
    auto count = in.read_length();
    T value;
    if constexpr (data_path_of<E> == DataPath::raw) {
      if (count > in.remaining() / sizeof(E)) in.take(in.remaining() + 1);  // refuses: truncated
      value.resize(count);
      in.read(value.data(), count * sizeof(E));
    } else {
      for (std::uint64_t i = 0; i < count; ++i) value.push_back(decode<E>(in));
    }
    return value;
  } else {
    auto size = in.read_length();
    return detail::boost_decode<T>(in.take(size));
  }
}

/// A pair: its key, then its value.
template <class K, class V>
void encode_pair(ByteWriter& out, const K& key, const V& value) {
  encode<K>(out, key);
  encode<V>(out, value);
}

template <class K, class V>
KeyValue<K, V> decode_pair(ByteReader& in) {
  K key = decode<K>(in);
  return {std::move(key), decode<V>(in)};
}

}  // namespace pgasmr::mr
