#include <pgasmr/mapreduce/detail/table_allocator.hpp>

#include <cstdint>
#include <new>

#include <sys/mman.h>

namespace pgasmr::mr::detail {
namespace {

/// Below this, plain operator new: small tables fit the caches and huge pages would waste memory.
constexpr std::size_t huge_page = std::size_t{2} << 20;

std::size_t rounded(std::size_t bytes) { return (bytes + huge_page - 1) / huge_page * huge_page; }

}  // namespace

void* allocate_table(std::size_t bytes) {
  if (bytes < huge_page) return ::operator new(bytes);
  // Huge pages need 2 MiB alignment: map one huge page more and trim both ends. Whether the
  // kernel then backs the block with huge pages is its choice (MADV_HUGEPAGE only asks), so
  // the table works the same either way.
  auto size = rounded(bytes);
  void* mapped = ::mmap(nullptr, size + huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) throw std::bad_alloc();
  auto* first = static_cast<char*>(mapped);
  auto* aligned = first + (huge_page - reinterpret_cast<std::uintptr_t>(first) % huge_page) % huge_page;
  if (aligned > first) ::munmap(first, static_cast<std::size_t>(aligned - first));
  auto* end = first + size + huge_page;
  if (end > aligned + size) ::munmap(aligned + size, static_cast<std::size_t>(end - (aligned + size)));
#ifdef MADV_HUGEPAGE
  ::madvise(aligned, size, MADV_HUGEPAGE);
#endif
  return aligned;
}

void free_table(void* memory, std::size_t bytes) noexcept {
  if (bytes < huge_page) {
    ::operator delete(memory);
    return;
  }
  ::munmap(memory, rounded(bytes));
}

}  // namespace pgasmr::mr::detail
