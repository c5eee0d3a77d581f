#pragma once
/// @file
/// Memory for large hash tables: backed by transparent huge pages where the system offers them,
/// since a word count's table of a few MiB is probed at random, and with 4 KiB pages nearly
/// every probe would also miss the TLB.

#include <cstddef>

namespace pgasmr::mr::detail {

/// `bytes` of memory aligned for any slot; large blocks are huge-page backed when possible.
void* allocate_table(std::size_t bytes);
void free_table(void* memory, std::size_t bytes) noexcept;

/// A std::allocator replacement over allocate_table, for std::vector.
template <class T>
struct TableAllocator {
  using value_type = T;
  TableAllocator() = default;
  template <class U>
  TableAllocator(const TableAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) { return static_cast<T*>(allocate_table(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { free_table(p, n * sizeof(T)); }
  friend bool operator==(const TableAllocator&, const TableAllocator&) noexcept { return true; }
};

}  // namespace pgasmr::mr::detail
