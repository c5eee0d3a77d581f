#pragma once
/// @file
/// Append-only storage for the bytes of string keys: copies never move, so views into it stay
/// valid for the arena's life (moves included).

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

namespace pgasmr::mr::detail {

class ByteArena {
 public:
  ByteArena() = default;
  ByteArena(const ByteArena&) = delete;
  ByteArena& operator=(const ByteArena&) = delete;
  /// The moved-from arena is empty: its next copy starts a block of its own.
  ByteArena(ByteArena&& other) noexcept
      : blocks_(std::move(other.blocks_)), next_(std::exchange(other.next_, nullptr)), free_(std::exchange(other.free_, 0)) {
    other.blocks_.clear();
  }
  ByteArena& operator=(ByteArena&& other) noexcept {
    blocks_ = std::move(other.blocks_);
    other.blocks_.clear();
    next_ = std::exchange(other.next_, nullptr);
    free_ = std::exchange(other.free_, 0);
    return *this;
  }
  ~ByteArena() = default;

  /// A copy of `bytes` that lives as long as the arena.
  std::string_view store(std::string_view bytes) {
    if (bytes.size() > free_) grow(bytes.size());
    char* at = next_;
    if (!bytes.empty()) std::memcpy(at, bytes.data(), bytes.size());
    next_ += bytes.size();
    free_ -= bytes.size();
    return {at, bytes.size()};
  }

  void clear() noexcept {
    blocks_.clear();
    next_ = nullptr;
    free_ = 0;
  }

 private:
  /// Blocks of 64 KiB (or one of the size asked for, when larger): few allocations, and the
  /// keys that a map emits close together in time lie close together in memory.
  void grow(std::size_t at_least) {
    constexpr std::size_t block_size = std::size_t{64} << 10;
    auto size = std::max(block_size, at_least);
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(size));
    next_ = blocks_.back().get();
    free_ = size;
  }

  std::vector<std::unique_ptr<char[]>> blocks_;
  char* next_ = nullptr;
  std::size_t free_ = 0;
};

}  // namespace pgasmr::mr::detail
