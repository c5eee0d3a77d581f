#pragma once
/// @file
/// One-sided access: scalar get/put and bulk memget/memput/memcpy, blocking and non-blocking.
/// Inside a process these are plain memory copies; between processes, MPI RMA.

#include <array>
#include <bit>
#include <cstddef>
#include <span>
#include <type_traits>
#include <utility>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/global_ptr.hpp>

namespace pgasmr::pgas {

class Context;

/// Element types that one-sided operations move as raw bytes.
template <class T>
concept transferable = std::is_trivially_copyable_v<T> && !std::is_void_v<T>;

/// Completion of a non-blocking transfer. Move-only; wait() (or the destructor) completes it,
/// after which the private buffer may be reused (get: holds the data; put: data is in place).
class [[nodiscard]] Handle {
 public:
  Handle() = default;
  Handle(Context& me, int process) : me_(&me), process_(process) {}
  Handle(Handle&& other) noexcept : me_(other.me_), process_(other.process_) { other.process_ = -1; }
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      wait();
      me_ = other.me_;
      process_ = other.process_;
      other.process_ = -1;
    }
    return *this;
  }
  ~Handle() { wait(); }

  void wait() {
    if (process_ >= 0) detail::complete_transfers(*me_, std::exchange(process_, -1));
  }
  bool done() const noexcept { return process_ < 0; }

 private:
  Context* me_ = nullptr;
  int process_ = -1;
};

template <transferable T>
std::remove_const_t<T> get(Context& me, global_ptr<T> src) {
  std::array<std::byte, sizeof(T)> bytes;  // T need not be default-constructible
  detail::get_bytes(me, bytes.data(), src.where(), src.offset(), sizeof(T));
  return std::bit_cast<std::remove_const_t<T>>(bytes);
}

template <transferable T>
void put(Context& me, global_ptr<T> dst, const std::type_identity_t<T>& value) {
  static_assert(!std::is_const_v<T>, "put needs a global_ptr to non-const T");
  detail::put_bytes(me, dst.where(), dst.offset(), &value, sizeof(T));
}

/// Copies src[0, dst.size()) of shared memory into private `dst` (upc_memget).
template <transferable T>
void memget(Context& me, std::type_identity_t<std::span<std::remove_const_t<T>>> dst, global_ptr<T> src) {
  detail::get_bytes(me, dst.data(), src.where(), src.offset(), dst.size_bytes(), "memget");
}

/// Copies private `src` into shared memory at dst (upc_memput).
template <transferable T>
void memput(Context& me, global_ptr<T> dst, std::type_identity_t<std::span<const T>> src) {
  static_assert(!std::is_const_v<T>, "memput needs a global_ptr to non-const T");
  detail::put_bytes(me, dst.where(), dst.offset(), src.data(), src.size_bytes(), "memput");
}

/// Copies `count` elements between two shared locations (upc_memcpy).
template <transferable T>
void memcpy(Context& me, global_ptr<T> dst, global_ptr<const std::type_identity_t<T>> src, std::size_t count) {
  static_assert(!std::is_const_v<T>, "memcpy needs a global_ptr to non-const T as destination");
  detail::copy_bytes(me, dst.where(), dst.offset(), src.where(), src.offset(), count * sizeof(T));
}

template <transferable T>
Handle memget_nb(Context& me, std::type_identity_t<std::span<std::remove_const_t<T>>> dst, global_ptr<T> src) {
  return {me, detail::get_bytes_nb(me, dst.data(), src.where(), src.offset(), dst.size_bytes())};
}

template <transferable T>
Handle memput_nb(Context& me, global_ptr<T> dst, std::type_identity_t<std::span<const T>> src) {
  static_assert(!std::is_const_v<T>, "memput_nb needs a global_ptr to non-const T");
  return {me, detail::put_bytes_nb(me, dst.where(), dst.offset(), src.data(), src.size_bytes())};
}

}  // namespace pgasmr::pgas
