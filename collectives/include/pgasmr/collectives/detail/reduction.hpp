#pragma once
/// @file
/// The compiled support of the reductions, whose arithmetic lives in the typed headers.

#include <cstddef>
#include <cstdint>
#include <memory_resource>
#include <optional>
#include <span>
#include <typeinfo>
#include <vector>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll::detail {

/// Where a reduction keeps its temporaries: a buffer inside the arena (on the caller's stack)
/// first, then the heap, so that a reduction of a few values allocates nothing. Memory is only
/// given back when the arena goes, with the reduction.
class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  std::pmr::memory_resource* resource() noexcept { return &resource_; }

 private:
  alignas(std::max_align_t) std::byte buffer_[2048];
  std::pmr::monotonic_buffer_resource resource_{buffer_, sizeof buffer_};
};

/// The caller's place among the members of a collective with these options.
struct Membership {
  int mine;
  int count;
};

/// What the members of one reduction must call it with alike, besides the operation, the sync
/// modes and the kinds and shared views of the buffers (private ones may differ in size). Cheap
/// to make: the debug mode alone hashes it.
struct Agreed {
  const std::type_info* element_type = nullptr;
  const std::type_info* operator_type = nullptr;
  int root = -1;                        ///< a rooted reduction's root; -1 for the others
  std::uint64_t number = 0;             ///< reduce_scatter's count, prefix_reduce's scan
  std::span<const std::byte> chunks{};  ///< a shared input's chunks (a private one's are the member's own)
};

template <class T, class Op>
Agreed agreed(int root = -1, std::uint64_t number = 0, std::span<const std::byte> chunks = {}) {
  return {&typeid(T), &typeid(Op), root, number, chunks};
}

/// The caller's membership, checked (a member of a team of the running job, from the thread that
/// runs `me`, ...): a reduction's first step; the functions below assume it was taken. In the
/// debug mode (PGASMR_COLL_DEBUG) the members first compare their calls, and refuse alike when
/// they differ (a different root, element type or operator would otherwise give a wrong result
/// or a hang).
Membership membership(pg::Context&, const Options&, const char* operation, const BufferRef& dst, const BufferRef& src,
                      const Agreed&);

/// A contiguous run of a shared input that the caller folds: `count` elements at `data`, whose
/// view index in the input is `key`.
struct Run {
  std::size_t key;
  const std::byte* data;
  std::size_t count;
};

/// The caller's runs of the shared `src`, in input order: a shared source is folded where it
/// lives; runs of threads outside the team are fetched (into `fetched`) by the team's first member.
std::pmr::vector<Run> shared_runs_to_fold(pg::Context&, const BufferRef& src, const Options&, const char* operation,
                                          std::pmr::vector<std::byte>& fetched);

/// Who needs what allgather_bytes gathers.
struct Readers {
  int only = -1;          ///< every member (-1), or only this member index (a rooted reduction)
  std::size_t bound = 0;  ///< no member contributes more bytes than this (0: not known)
};

/// Every member's bytes, concatenated in member order; `sizes` gets each member's count. Both
/// live in `sizes`' memory resource. When only one member reads and every contribution is
/// known to be small, the other members that contribute may leave at once: they get nullopt.
std::optional<std::pmr::vector<std::byte>> allgather_bytes(pg::Context&, std::span<const std::byte> mine,
                                                           std::pmr::vector<std::size_t>& sizes, const Options&,
                                                           Readers = {});

/// Receives one member's bytes of visit_small.
struct SmallTaker {
  void (*take)(void* context, std::span<const std::byte> bytes);
  void* context;
};

/// Every member's bytes, each at most readers.bound bytes, through one round of the eager path:
/// the non-empty ones go to `take` in member order, without being copied out. False when that
/// path is not available (nothing was done: use allgather_bytes). `left` becomes true for a
/// member that may leave at once, as in allgather_bytes (then `take` saw nothing).
bool visit_small(pg::Context&, std::span<const std::byte> mine, const Options&, Readers, SmallTaker take, bool& left);

/// Writes `bytes` at byte `offset` of `dst`: the caller's private buffer, or the shared view.
void write_bytes(pg::Context&, const BufferRef& dst, std::size_t offset, std::span<const std::byte> bytes,
                 const char* operation);

/// The team's barrier when the sync mode asks for one: before reading shared sources, after
/// writing shared destinations.
void sync_in(pg::Context&, const Options&);
void sync_out(pg::Context&, const Options&);

/// Throws pgasmr::error for `operation` (failing the job first, so nobody waits).
[[noreturn]] void refuse(pg::Context&, const Options&, const char* operation, const std::string& cause);

}  // namespace pgasmr::coll::detail
