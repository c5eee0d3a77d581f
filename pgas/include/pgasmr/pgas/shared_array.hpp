#pragma once
/// @file
/// shared_array<T>: UPC's `shared [B] T a[N]`, allocated collectively.

#include <cstddef>
#include <span>
#include <utility>

#include <pgasmr/pgas/block_cyclic.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/memory.hpp>
#include <pgasmr/pgas/rma.hpp>
#include <pgasmr/pgas/shared_span.hpp>

namespace pgasmr::pgas {

/// A reference to one element of a shared_array: reads with get, writes with put.
template <class T>
class shared_ref {
 public:
  shared_ref(Context& me, global_ptr<T> ptr) : me_(me), ptr_(ptr) {}
  operator T() const { return pgas::get(me_, ptr_); }
  shared_ref& operator=(const T& value) {
    pgas::put(me_, ptr_, value);
    return *this;
  }
  shared_ref& operator=(const shared_ref& other) { return *this = static_cast<T>(other); }
  global_ptr<T> ptr() const noexcept { return ptr_; }

 private:
  Context& me_;
  global_ptr<T> ptr_;
};

/// N elements laid out block-cyclically with block size B (BlockCyclicLayout). Construction and
/// destruction are collective: every thread of the job creates its own handle with the same
/// arguments, in the same order, and they all name the same memory. Move-only.
template <transferable T>
class shared_array {
 public:
  shared_array(Context& me, std::size_t size, std::size_t block = 1)
      : me_(&me),
        layout_(size, block, me.threads()),
        base_(all_alloc<T>(me, 1, layout_.local_capacity())) {}

  shared_array(shared_array&& other) noexcept
      : me_(other.me_), layout_(other.layout_), base_(std::exchange(other.base_, nullptr)) {}
  shared_array& operator=(shared_array&&) = delete;
  shared_array(const shared_array&) = delete;
  ~shared_array() {
    if (base_) detail::release_collective(*me_, base_.where(), base_.offset());
  }

  std::size_t size() const noexcept { return layout_.size(); }
  std::size_t block() const noexcept { return layout_.block(); }
  const BlockCyclicLayout& layout() const noexcept { return layout_; }
  thread_id owner(std::size_t i) const { return layout_.owner(i); }
  std::size_t phase(std::size_t i) const { return layout_.phase(i); }

  /// The shared address of element i (throws pgasmr::error when i >= size()).
  global_ptr<T> ptr(std::size_t i) const {
    auto t = layout_.owner(i);
    return base_.on_thread(t) + static_cast<std::ptrdiff_t>(layout_.local_index(i));
  }
  shared_ref<T> operator[](std::size_t i) { return {*me_, ptr(i)}; }
  T get(std::size_t i) const { return pgas::get(*me_, ptr(i)); }
  void put(std::size_t i, const T& value) { pgas::put(*me_, ptr(i), value); }

  /// The whole array as a view, or elements [offset, offset + count) of it.
  shared_span<T> span() const { return {base_, layout_, 0, layout_.size()}; }
  shared_span<T> subspan(std::size_t offset, std::size_t count) const { return span().subspan(offset, count); }

  /// Thread t's part of the array, as a shared pointer to its first local element.
  global_ptr<T> local_part(thread_id t) const { return base_.on_thread(t); }

  /// Privatization: the calling thread's elements in local order, as plain memory.
  std::span<T> local() const {
    auto me = me_->thread();
    return {local_part(me).local(*me_), layout_.local_size(me)};
  }

 private:
  Context* me_;
  BlockCyclicLayout layout_;
  global_ptr<T> base_;
};

}  // namespace pgasmr::pgas
