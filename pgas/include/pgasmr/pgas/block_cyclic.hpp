#pragma once
/// @file
/// BlockCyclicLayout: where element i of UPC's `shared [B] T a[N]` lives.

#include <cstddef>

#include <pgasmr/pgas/types.hpp>

namespace pgasmr::pgas {

/// UPC's layout for `shared [B] T a[N]` on THREADS threads: block b = i / B lives on thread
/// b % THREADS, at local block b / THREADS; the phase of i is i % B. B == 0 is UPC's
/// indefinite block size (`shared [] T a[N]`): every element on thread 0, phase always 0.
/// Each thread's elements occupy consecutive local indices 0 .. local_size(t) - 1.
class BlockCyclicLayout {
 public:
  /// Throws pgasmr::error when threads < 1.
  BlockCyclicLayout(std::size_t size, std::size_t block, int threads);

  std::size_t size() const noexcept { return size_; }
  std::size_t block() const noexcept { return block_; }
  int threads() const noexcept { return threads_; }

  /// Throws pgasmr::error when i >= size().
  thread_id owner(std::size_t i) const;
  std::size_t phase(std::size_t i) const;
  std::size_t local_index(std::size_t i) const;

  /// Elements of thread t; throws pgasmr::error when t is not a thread.
  std::size_t local_size(thread_id t) const;
  /// The largest local_size: the per-thread storage a symmetric allocation needs.
  std::size_t local_capacity() const noexcept;
  /// The global index of thread t's local element `local` (inverse of owner/local_index).
  std::size_t global_index(thread_id t, std::size_t local) const;

 private:
  std::size_t effective_block() const noexcept { return block_ == 0 ? size_ : block_; }
  void check_index(std::size_t i) const;

  std::size_t size_;
  std::size_t block_;
  int threads_;
};

}  // namespace pgasmr::pgas
