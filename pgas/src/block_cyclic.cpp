#include <pgasmr/pgas/block_cyclic.hpp>

#include <string>

#include <pgasmr/pgas/error.hpp>

namespace pgasmr::pgas {
namespace {
// Blocks holding elements, the last maybe partial; `(size + block - 1) / block` would overflow
// for blocks near SIZE_MAX.
std::size_t block_count(std::size_t size, std::size_t block) { return size / block + (size % block != 0); }
}  // namespace

BlockCyclicLayout::BlockCyclicLayout(std::size_t size, std::size_t block, int threads)
    : size_(size), block_(block), threads_(threads) {
  if (threads < 1) throw_error("BlockCyclicLayout", "threads must be at least 1, got " + std::to_string(threads));
}

void BlockCyclicLayout::check_index(std::size_t i) const {
  if (i >= size_)
    throw_error("shared_array", "index " + std::to_string(i) + " is out of range for " + std::to_string(size_) +
                                    " elements");
}

thread_id BlockCyclicLayout::owner(std::size_t i) const {
  check_index(i);
  return static_cast<thread_id>(i / effective_block() % static_cast<std::size_t>(threads_));
}

std::size_t BlockCyclicLayout::phase(std::size_t i) const {
  check_index(i);
  // UPC: the phase of an indefinite block size (`shared [] T`) is always 0.
  return block_ == 0 ? 0 : i % block_;
}

std::size_t BlockCyclicLayout::local_index(std::size_t i) const {
  check_index(i);
  auto b = effective_block();
  return i / b / static_cast<std::size_t>(threads_) * b + i % b;
}

std::size_t BlockCyclicLayout::local_size(thread_id t) const {
  if (t < 0 || t >= threads_)
    throw_error("shared_array", "thread " + std::to_string(t) + " does not exist (THREADS is " +
                                    std::to_string(threads_) + ")");
  if (size_ == 0) return 0;
  auto b = effective_block();
  auto threads = static_cast<std::size_t>(threads_);
  auto thread = static_cast<std::size_t>(t);
  auto blocks = block_count(size_, b);
  if (thread >= blocks) return 0;
  auto mine = (blocks - 1 - thread) / threads + 1;
  auto elements = mine * b;
  bool owns_last = (blocks - 1) % threads == thread;
  if (owns_last && size_ % b != 0) elements -= b - size_ % b;
  return elements;
}

std::size_t BlockCyclicLayout::local_capacity() const noexcept {
  // Thread 0 holds the first block and never fewer elements than any other thread.
  return local_size(0);
}

std::size_t BlockCyclicLayout::global_index(thread_id t, std::size_t local) const {
  if (local >= local_size(t))
    throw_error("shared_array", "local index " + std::to_string(local) + " is out of range for thread " +
                                    std::to_string(t) + " (" + std::to_string(local_size(t)) + " elements)");
  auto b = effective_block();
  return (local / b * static_cast<std::size_t>(threads_) + static_cast<std::size_t>(t)) * b + local % b;
}

}  // namespace pgasmr::pgas
