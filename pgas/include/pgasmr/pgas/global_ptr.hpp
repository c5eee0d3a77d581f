#pragma once
/// @file
/// global_ptr<T>: names an object in the shared segment of some PGAS thread.

#include <compare>
#include <cstddef>
#include <type_traits>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/types.hpp>

namespace pgasmr::pgas {

class Context;

/// A pointer into the shared segment of thread `where()`, stored as (thread, byte offset) so that
/// it means the same thing in every process and can itself be stored in shared memory.
/// Arithmetic moves within that thread's segment (it does not wrap to the next thread as a
/// UPC pointer-to-shared does; use shared_array for block-cyclic indexing).
template <class T>
class global_ptr {
 public:
  using element_type = T;

  global_ptr() = default;
  global_ptr(std::nullptr_t) {}
  global_ptr(thread_id thread, std::size_t byte_offset) : thread_(thread), offset_(byte_offset) {}

  /// A global_ptr<U> converts to global_ptr<const U>; other views need reinterpret<T>().
  template <class U>
    requires(std::is_const_v<T> && std::is_same_v<const U, T> && !std::is_const_v<U>)
  global_ptr(global_ptr<U> other) : thread_(other.where()), offset_(other.offset()) {}

  thread_id where() const noexcept { return thread_; }
  std::size_t offset() const noexcept { return offset_; }
  explicit operator bool() const noexcept { return thread_ >= 0; }

  /// True when the object lies in this process, so local() gives a plain pointer to it.
  bool is_local(const Context& me) const { return detail::direct_address(me, thread_, offset_) != nullptr; }

  /// The plain pointer to the object; throws pgasmr::error when it lies in another process.
  T* local(const Context& me) const {
    return static_cast<T*>(static_cast<void*>(detail::checked_direct_address(me, thread_, offset_)));
  }

  /// The object at the same offset on another thread: for symmetric (collective) allocations,
  /// where every thread's part starts at the same offset.
  global_ptr on_thread(thread_id thread) const { return {thread, offset_}; }

  template <class U>
  global_ptr<U> reinterpret() const {
    return {thread_, offset_};
  }

  global_ptr operator+(std::ptrdiff_t n) const {
    return {thread_, offset_ + static_cast<std::size_t>(n * static_cast<std::ptrdiff_t>(element_size))};
  }
  global_ptr operator-(std::ptrdiff_t n) const { return *this + (-n); }
  global_ptr& operator+=(std::ptrdiff_t n) { return *this = *this + n; }
  global_ptr& operator++() { return *this += 1; }

  friend bool operator==(global_ptr, global_ptr) = default;
  friend auto operator<=>(global_ptr, global_ptr) = default;

 private:
  static constexpr std::size_t element_size = sizeof(std::conditional_t<std::is_void_v<T>, char, T>);
  thread_id thread_ = -1;
  std::size_t offset_ = 0;
};

}  // namespace pgasmr::pgas
