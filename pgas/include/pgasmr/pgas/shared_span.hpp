#pragma once
/// @file
/// shared_span<T>: a view of consecutive elements of a block-cyclic shared array.

#include <cstddef>
#include <string>
#include <type_traits>

#include <pgasmr/pgas/block_cyclic.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/global_ptr.hpp>

namespace pgasmr::pgas {

/// Elements [start, start + size) of an array laid out by `layout`, whose thread-0 part begins
/// at `base` (every thread's part at the same offset). Index i of the view is element
/// start + i of the array. Views are cheap values; the array must outlive them.
template <class T>
class shared_span {
 public:
  using element_type = T;

  shared_span(global_ptr<T> base, BlockCyclicLayout layout, std::size_t start, std::size_t size)
      : base_(base), layout_(layout), start_(start), size_(size) {
    if (start > layout.size() || size > layout.size() - start)
      throw_error("shared_span", "elements [" + std::to_string(start) + ", " + std::to_string(start) + " + " +
                                     std::to_string(size) + ") exceed an array of " + std::to_string(layout.size()));
  }

  /// A view of const elements.
  operator shared_span<const T>() const
    requires(!std::is_const_v<T>)
  {
    return {base_, layout_, start_, size_};
  }

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  std::size_t start() const noexcept { return start_; }
  const BlockCyclicLayout& layout() const noexcept { return layout_; }
  global_ptr<T> base() const noexcept { return base_; }

  /// The shared address of view element i.
  global_ptr<T> ptr(std::size_t i) const {
    if (i >= size_)
      throw_error("shared_span", "index " + std::to_string(i) + " is out of range for " + std::to_string(size_) +
                                     " elements");
    auto g = start_ + i;
    return base_.on_thread(layout_.owner(g)) + static_cast<std::ptrdiff_t>(layout_.local_index(g));
  }

  shared_span subspan(std::size_t offset, std::size_t count) const {
    if (offset > size_ || count > size_ - offset)
      throw_error("shared_span", "subspan [" + std::to_string(offset) + ", " + std::to_string(offset) + " + " +
                                     std::to_string(count) + ") exceeds a view of " + std::to_string(size_));
    return {base_, layout_, start_ + offset, count};
  }

 private:
  global_ptr<T> base_;
  BlockCyclicLayout layout_;
  std::size_t start_;
  std::size_t size_;
};

}  // namespace pgasmr::pgas
