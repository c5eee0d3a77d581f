#pragma once
/// @file
/// Folding the pieces of a reduction's input into partial results and exchanging them, for the
/// typed reductions.

#include <algorithm>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <pgasmr/collectives/detail/lane_fold.hpp>
#include <pgasmr/collectives/detail/reduction.hpp>
#include <pgasmr/collectives/operators.hpp>

namespace pgasmr::coll::detail {

/// Where a piece lies in the input order: member (private inputs; 0 for a shared one), then
/// position (view index of a shared input; position in the member's chunks otherwise).
struct Position {
  std::uint64_t member;
  std::uint64_t index;
  friend auto operator<=>(const Position&, const Position&) = default;
};

/// A contiguous piece of the input that the caller folds.
struct Piece {
  Position at;
  const std::byte* data;
  std::size_t count;
  std::size_t destination;  // prefix results: element index in the destination (see prefix_reduce)
};

/// The fold of `count` input elements that start at `at`.
template <class T>
struct Partial {
  Position at;
  std::size_t count;
  T value;
};

template <class T>
T load(const std::byte* data, std::size_t i) {
  T value;
  std::memcpy(&value, data + i * sizeof(T), sizeof(T));
  return value;
}

/// A chunk of a reduction's input (the _v reductions): `count` elements from `offset`.
struct Chunk {
  std::size_t offset;
  std::size_t count;
};

/// Agreed::chunks of a reduction over `chunks` of `src`: a shared input's chunks are the same on
/// every member; a private input's are each member's own.
inline std::span<const std::byte> shared_chunks(const BufferRef& src, std::span<const Chunk> chunks) {
  return src.is_shared() ? std::as_bytes(chunks) : std::span<const std::byte>();
}

/// The caller's pieces of `src` (restricted to `chunks` when given: an empty list has none), in
/// input order, with their destinations: the position in the input order, or dst_offsets[k] + i
/// when given. `member` is the caller's member index. They live in `fetched`'s memory resource.
inline std::pmr::vector<Piece> pieces_of(pg::Context& me, int member, const BufferRef& src,
                                         std::optional<std::span<const Chunk>> chunks,
                                         std::span<const std::size_t> dst_offsets, const Options& options,
                                         const char* operation, std::pmr::vector<std::byte>& fetched) {
  std::pmr::vector<Piece> pieces(fetched.get_allocator());
  // `part` of the input, at `position` in the input order: a private part is one piece, a shared
  // one the runs where it lives (each `key` elements into the part).
  auto add = [&](const BufferRef& part, std::size_t position, std::size_t destination) {
    if (!part.is_shared()) {
      if (part.bytes > 0)
        pieces.push_back({{static_cast<std::uint64_t>(member), position}, part.data, part.bytes / part.element_size,
                          destination});
      return;
    }
    for (const auto& run : shared_runs_to_fold(me, part, options, operation, fetched))
      pieces.push_back({{0, position + run.key}, run.data, run.count, destination + run.key});
  };
  if (!chunks) {
    add(src, 0, 0);
    return pieces;
  }
  if (!dst_offsets.empty() && dst_offsets.size() != chunks->size())
    refuse(me, options, operation, "there are " + std::to_string(chunks->size()) + " chunks but " +
                                       std::to_string(dst_offsets.size()) + " destination offsets");
  auto elements = src.size_bytes() / src.element_size;
  std::size_t bytes = 0;
  for (std::size_t k = 0; k < chunks->size(); ++k) {
    auto [offset, count] = (*chunks)[k];
    if (offset > elements || count > elements - offset)
      refuse(me, options, operation, "chunk " + std::to_string(k) + " (" + std::to_string(count) + " elements at " +
                                         std::to_string(offset) + ") exceeds the source of " + std::to_string(elements) +
                                         (src.is_shared() ? " elements" : " elements (this thread's private buffer)"));
    bytes += count * src.element_size;
  }
  // Fetched runs point into `fetched`: room for every chunk's, so that it never moves.
  if (src.is_shared()) fetched.reserve(fetched.size() + bytes);
  std::size_t position = 0;
  for (std::size_t k = 0; k < chunks->size(); ++k) {
    auto [offset, count] = (*chunks)[k];
    BufferRef part = src;
    if (src.is_shared()) {
      part.start += offset;
      part.count = count;
    } else {
      part.data += offset * src.element_size;
      part.bytes = count * src.element_size;
    }
    add(part, position, dst_offsets.empty() ? position : dst_offsets[k]);
    position += count;
  }
  return pieces;
}

/// How a reduction folds elements of T with Op: in T itself, each step op(acc, x).
template <class T, class Op>
struct Folding {
  using Accumulator = T;
  static T start(const Op&, const T& x) { return x; }
  static void add(const Op& op, T& acc, const T& x) { acc = static_cast<T>(op(acc, x)); }
  static void merge(const Op& op, T& acc, const T& other) { acc = static_cast<T>(op(acc, other)); }
  static T result(const Op&, const T& acc) { return acc; }
};

/// An accumulating operator folds into its accumulator, and partial results travel as
/// accumulators: only the final result is a T.
template <class T, class Op>
  requires accumulating_reduction_for<Op, T>
struct Folding<T, Op> {
  using Accumulator = typename Op::accumulator;
  static Accumulator start(const Op& op, const T& x) {
    Accumulator acc{};
    op.accumulate(acc, x);
    return acc;
  }
  static void add(const Op& op, Accumulator& acc, const T& x) { op.accumulate(acc, x); }
  static void merge(const Op& op, Accumulator& acc, const Accumulator& other) { acc = op(acc, other); }
  static T result(const Op& op, const Accumulator& acc) { return static_cast<T>(op.result(acc)); }
};

template <class T, class Op>
using accumulator_t = typename Folding<T, Op>::Accumulator;

/// The fold of a non-empty piece: in lanes with a built-in operator on arithmetic elements
/// (lane_fold.hpp) where `order` allows it, else one element after the other.
template <class T, class Op>
accumulator_t<T, Op> fold_piece(const Piece& piece, const Op& op, FloatOrder order) {
  constexpr auto lanes = lane_fold_kind<T, Op>();
  if constexpr (lanes != LaneFold::none) {
    if (lanes == LaneFold::exact || order == FloatOrder::lanes) return fold_in_lanes<T>(piece.data, piece.count, op);
  }
  using Fold = Folding<T, Op>;
  auto acc = Fold::start(op, load<T>(piece.data, 0));
  for (std::size_t i = 1; i < piece.count; ++i) Fold::add(op, acc, load<T>(piece.data, i));
  return acc;
}

/// One partial per piece, or (commutative operators) one for all of the caller's pieces.
template <class T, class Op>
std::pmr::vector<Partial<accumulator_t<T, Op>>> fold_pieces(std::span<const Piece> pieces, const Op& op, bool per_piece,
                                                            FloatOrder order, std::pmr::memory_resource* memory) {
  using Fold = Folding<T, Op>;
  std::pmr::vector<Partial<accumulator_t<T, Op>>> partials(memory);
  for (const auto& piece : pieces) {
    if (piece.count == 0) continue;
    auto acc = fold_piece<T>(piece, op, order);
    if (!per_piece && !partials.empty()) {
      Fold::merge(op, partials.back().value, acc);
      partials.back().count += piece.count;
    } else {
      partials.push_back({piece.at, piece.count, acc});
    }
  }
  return partials;
}

/// Every member's partials, in input order (in the memory of `mine`); nullopt for a member that
/// `readers` lets leave.
template <class T>
std::optional<std::pmr::vector<Partial<T>>> exchange_partials(pg::Context& me, const std::pmr::vector<Partial<T>>& mine,
                                                              const Options& options, Readers readers = {}) {
  std::pmr::vector<std::size_t> sizes(mine.get_allocator());
  auto bytes = allgather_bytes(me, std::as_bytes(std::span(mine)), sizes, options, readers);
  if (!bytes) return std::nullopt;
  std::pmr::vector<Partial<T>> everyone(bytes->size() / sizeof(Partial<T>), mine.get_allocator());
  if (!bytes->empty()) std::memcpy(everyone.data(), bytes->data(), bytes->size());
  // Usually in order already (private inputs: member order); sorting would allocate.
  if (!std::ranges::is_sorted(everyone, {}, &Partial<T>::at)) std::ranges::stable_sort(everyone, {}, &Partial<T>::at);
  return everyone;
}

/// fold_everything of a private source, whose members have one partial each, merged in member
/// order: through one round of the eager path, without the general path's vectors. False when
/// that path is not available (nothing was done); else `result` holds the fold, or stays empty
/// on a member that may leave.
template <class T, class Op>
bool fold_private_eagerly(pg::Context& me, const BufferRef& src, const Op& op, const Options& options,
                          const char* operation, std::optional<int> root, std::optional<T>& result) {
  using Fold = Folding<T, Op>;
  using Accumulator = accumulator_t<T, Op>;
  std::optional<Accumulator> mine;
  if (src.bytes > 0) mine = fold_piece<T>(Piece{{}, src.data, src.bytes / src.element_size, 0}, op, FloatOrder::lanes);
  struct Merging {
    const Op& op;
    std::optional<Accumulator> so_far;
  } merging{op, std::nullopt};
  SmallTaker take{[](void* context, std::span<const std::byte> bytes) {
                    auto& merge = *static_cast<Merging*>(context);
                    Accumulator theirs;
                    std::memcpy(&theirs, bytes.data(), sizeof theirs);
                    if (merge.so_far) Fold::merge(merge.op, *merge.so_far, theirs);
                    else merge.so_far = theirs;
                  },
                  &merging};
  auto posted = mine ? std::as_bytes(std::span(&*mine, 1)) : std::span<const std::byte>();
  bool left = false;
  if (!visit_small(me, posted, options, {root.value_or(-1), sizeof(Accumulator)}, take, left)) return false;
  if (left) return true;
  if (!merging.so_far) refuse(me, options, operation, "there is nothing to reduce: every member's source is empty");
  result = Fold::result(op, *merging.so_far);
  return true;
}

/// The fold of the whole input (or of its chunks), in input order (floating add and mult fold
/// each piece in lanes: lane_fold.hpp): on every member, or (given a root) at the root, while
/// the others may get nullopt. A commutative operator leaves one partial result per member, so
/// the others know theirs are small and need not wait. `members`: the caller's membership.
template <class T, class Op>
std::optional<T> fold_everything(pg::Context& me, Membership members, const BufferRef& src,
                                 std::optional<std::span<const Chunk>> chunks, const Op& op, const Options& options,
                                 const char* operation, std::optional<int> root = std::nullopt) {
  if (std::optional<T> result; !src.is_shared() && !chunks &&
                                fold_private_eagerly<T>(me, src, op, options, operation, root, result))
    return result;
  if (src.is_shared()) sync_in(me, options);
  Arena arena;
  std::pmr::vector<std::byte> fetched(arena.resource());
  auto pieces = pieces_of(me, members.mine, src, chunks, {}, options, operation, fetched);
  using Fold = Folding<T, Op>;
  Readers readers{root.value_or(-1), is_commutative<Op, T>() ? sizeof(Partial<accumulator_t<T, Op>>) : 0};
  auto everyone =
      exchange_partials(me, fold_pieces<T>(pieces, op, !is_commutative<Op, T>(), FloatOrder::lanes, arena.resource()),
                        options, readers);
  if (!everyone) return std::nullopt;
  if (everyone->empty()) refuse(me, options, operation, "there is nothing to reduce: every member's source is empty");
  auto result = everyone->front().value;
  for (std::size_t i = 1; i < everyone->size(); ++i) Fold::merge(op, result, (*everyone)[i].value);
  return Fold::result(op, result);
}

}  // namespace pgasmr::coll::detail
