#pragma once
/// @file
/// The buffers a collective accepts. The kind of buffer selects the UPC variant: private memory
/// (std::span, std::vector) on both sides is `_priv`, shared memory (pg::shared_span,
/// pg::shared_array) on both sides is the standard form, and the mixes are `_get` (shared
/// source, private destination) and `_put` (private source, shared destination).

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include <pgasmr/pgas/rma.hpp>
#include <pgasmr/pgas/shared_array.hpp>
#include <pgasmr/pgas/shared_span.hpp>

namespace pgasmr::coll {

namespace pg = pgasmr::pgas;

namespace detail {

/// A collective's buffer without its type: private bytes of the calling thread, or a view of a
/// block-cyclic shared array.
struct BufferRef {
  enum class Kind : std::uint8_t { private_memory, shared_memory };
  Kind kind = Kind::private_memory;
  std::size_t element_size = 1;
  // private memory: the caller's own bytes
  std::byte* data = nullptr;
  std::size_t bytes = 0;
  // shared memory: elements [start, start + count) of an array of `array_size` elements with
  // block size `block`, whose thread-0 part begins at byte `base_offset` of thread 0's segment
  std::size_t base_offset = 0;
  std::size_t block = 0;
  std::size_t array_size = 0;
  std::size_t start = 0;
  std::size_t count = 0;

  bool is_shared() const noexcept { return kind == Kind::shared_memory; }
  /// Bytes the buffer holds (for private memory: of the calling thread).
  std::size_t size_bytes() const noexcept { return is_shared() ? count * element_size : bytes; }
};

/// Whether `a` and `b` are private and share a byte.
inline bool private_buffers_overlap(const BufferRef& a, const BufferRef& b) noexcept {
  if (a.is_shared() || b.is_shared() || a.bytes == 0 || b.bytes == 0) return false;
  auto first = reinterpret_cast<std::uintptr_t>(a.data), second = reinterpret_cast<std::uintptr_t>(b.data);
  return first < second + b.bytes && second < first + a.bytes;
}

template <class T>
BufferRef private_ref(std::span<T> s) {
  return {.kind = BufferRef::Kind::private_memory,
          .element_size = sizeof(T),
          .data = const_cast<std::byte*>(reinterpret_cast<const std::byte*>(s.data())),
          .bytes = s.size_bytes()};
}

template <class T>
BufferRef shared_ref(const pg::shared_span<T>& s) {
  return {.kind = BufferRef::Kind::shared_memory,
          .element_size = sizeof(T),
          .base_offset = s.base().offset(),
          .block = s.layout().block(),
          .array_size = s.layout().size(),
          .start = s.start(),
          .count = s.size()};
}

template <class T>
struct buffer_of;  // what a buffer type holds, and how to erase it
template <class T>
struct buffer_of<std::span<T>> {
  using element = T;
  static BufferRef erase(std::span<T> s) { return private_ref(s); }
};
template <class T>
struct buffer_of<const std::span<T>> : buffer_of<std::span<T>> {};
template <class T>
struct buffer_of<std::vector<T>> {
  using element = T;
  static BufferRef erase(std::vector<T>& v) { return private_ref(std::span<T>(v)); }
};
template <class T>
struct buffer_of<const std::vector<T>> {
  using element = const T;
  static BufferRef erase(const std::vector<T>& v) { return private_ref(std::span<const T>(v)); }
};
template <class T>
struct buffer_of<pg::shared_span<T>> {
  using element = T;
  static BufferRef erase(const pg::shared_span<T>& s) { return shared_ref(s); }
};
template <class T>
struct buffer_of<const pg::shared_span<T>> : buffer_of<pg::shared_span<T>> {};
template <class T>
struct buffer_of<pg::shared_array<T>> {
  using element = T;
  static BufferRef erase(const pg::shared_array<T>& a) { return shared_ref(a.span()); }
};
template <class T>
struct buffer_of<const pg::shared_array<T>> {
  using element = const T;
  static BufferRef erase(const pg::shared_array<T>& a) { return shared_ref(pg::shared_span<const T>(a.span())); }
};

template <class B>
using buffer_traits = buffer_of<std::remove_reference_t<B>>;

template <class T>
inline constexpr bool is_view = false;
template <class T>
inline constexpr bool is_view<std::span<T>> = true;
template <class T>
inline constexpr bool is_view<pg::shared_span<T>> = true;

}  // namespace detail

/// Anything a collective accepts as a buffer: std::span, std::vector (private memory),
/// pg::shared_span, pg::shared_array (shared memory).
template <class B>
concept buffer = requires { typename detail::buffer_traits<B>::element; } &&
                 pg::transferable<std::remove_const_t<typename detail::buffer_traits<B>::element>>;

/// The element type of a buffer, without const.
template <buffer B>
using element_of = std::remove_const_t<typename detail::buffer_traits<B>::element>;

/// A buffer the collective may write.
template <class B>
concept writable_buffer = buffer<B> && !std::is_const_v<typename detail::buffer_traits<B>::element>;

/// Source and destination of the same element type.
template <class D, class S>
concept matching_buffers = writable_buffer<D> && buffer<S> && std::same_as<element_of<D>, element_of<S>>;

/// A buffer that a non-blocking collective may go on using after the call that started it
/// returns: a view (std::span, pg::shared_span), or a named std::vector or pg::shared_array, not
/// a temporary one, which would die at the end of the call's full expression.
template <class B>
concept lasting_buffer =
    buffer<B> && (std::is_lvalue_reference_v<B> || detail::is_view<std::remove_cvref_t<B>>);

namespace detail {
template <buffer B>
BufferRef erase(B&& b) {
  return buffer_traits<B>::erase(b);
}

/// count elements of T in bytes; throws pgasmr::error when that overflows.
std::size_t bytes_of(std::size_t count, std::size_t element_size);
}  // namespace detail

}  // namespace pgasmr::coll
