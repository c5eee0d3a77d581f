#pragma once
// A sequential model of the vector-variant collectives (broadcast_v ... permute_v) and of
// vector_copy, written from the doc comments of the public headers (displacements.hpp and the
// _v functions of broadcast.hpp ... permute.hpp, vector_copy.hpp), independently of the
// library's plans. A call becomes a list of chunk copies between resolved positions: an offset
// into a member's private buffer, or an index into a shared view. The test then pulls, for every
// destination element, the one source element that must end up there.
//
// Defaults (empty displacement lists), from displacements.hpp: packed (prefix sums in member
// order) in a buffer that holds several members' chunks, offset 0 in a private buffer that holds
// one member's chunk. Per operation:
//   broadcast_v  source: 0;               destination: private 0, shared r * count
//   scatter_v    source: packed;          destination: private 0, shared packed
//   gather_v     source: private 0, shared packed;   destination: packed
//   allgather_v  source: private 0, shared packed;   destination: packed (in member q's private
//                buffer, or in part q of n equal parts of a shared one)
//   exchange_v   source: member r's row packed (shared: all rows, row after row); destination:
//                member q receives the chunks from 0, 1, ... packed (shared: q's after q-1's)
//   permute_v    source: private 0, shared packed; destination: private 0, shared: the chunk
//                keeps its (source) displacement (member_local: the same offset in the target
//                thread's part); from a private source without member_local (displacement 0
//                for everybody) packed, as from a shared one.
// member_local: a displacement into a shared buffer counts from the start of the member thread's
// own part of the array: it names that thread's local element d, whose array index minus the
// view's start is the view index where the chunk starts.

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace pgasmr::test::vmodel {

enum class Op { broadcast_v, scatter_v, gather_v, allgather_v, exchange_v, permute_v, vector_copy };

inline const char* name(Op op) {
  switch (op) {
    case Op::broadcast_v: return "broadcast_v";
    case Op::scatter_v: return "scatter_v";
    case Op::gather_v: return "gather_v";
    case Op::allgather_v: return "allgather_v";
    case Op::exchange_v: return "exchange_v";
    case Op::permute_v: return "permute_v";
    case Op::vector_copy: return "vector_copy";
  }
  return "?";
}

// ---- block-cyclic arithmetic (UPC's shared [B] T a[N] on `threads` threads) -----------------

inline int owner(std::size_t block, int threads, std::size_t index) {
  if (block == 0) return 0;
  return static_cast<int>(index / block % static_cast<std::size_t>(threads));
}

/// The array index of thread t's local element `local`: its (local / B)-th block is block
/// number (local / B) * threads + t of the array.
inline std::size_t global_index(std::size_t block, int threads, int t, std::size_t local) {
  if (block == 0) return local;
  return (local / block * static_cast<std::size_t>(threads) + static_cast<std::size_t>(t)) * block + local % block;
}

/// Elements of an array of `size` with affinity to thread t (by counting).
inline std::size_t local_size(std::size_t size, std::size_t block, int threads, int t) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < size; ++i) n += owner(block, threads, i) == t;
  return n;
}

// ---- a call ------------------------------------------------------------------------------------

/// One side of a call. Private: each member's own buffer. Shared: the view [start, start + view)
/// of an array of `array` elements with block size `block`.
struct Side {
  bool shared = false;
  std::size_t block = 0;
  std::size_t array = 0;
  std::size_t start = 0;
  std::size_t view = 0;
};

/// vector_copy's chunk, as the user gives it.
struct Copy {
  int from = 0;
  std::size_t from_offset = 0;
  int to = 0;
  std::size_t to_offset = 0;
  std::size_t count = 0;
};

/// One call, as every member passes it.
struct Call {
  Op op = Op::broadcast_v;
  int threads = 1;                  ///< THREADS of the job (for shared layouts)
  std::vector<int> thread_of;       ///< by member (team rank): global thread
  int root = 0;
  std::vector<int> permutation;     ///< permute_v
  std::vector<std::size_t> counts;  ///< broadcast_v: one entry
  std::vector<std::size_t> source, destination;  ///< displacements; empty: the default
  bool member_local = false;
  std::vector<Copy> copies;  ///< vector_copy
  Side src, dst;

  int members() const { return static_cast<int>(thread_of.size()); }
};

/// A resolved copy: `count` elements from `from_at` of member `from`'s source (a view index when
/// the source is shared; the member then does not matter) to `to_at` of member `to`'s destination.
struct Chunk {
  int from = 0;
  std::size_t from_at = 0;
  int to = 0;
  std::size_t to_at = 0;
  std::size_t count = 0;
  friend bool operator==(const Chunk&, const Chunk&) = default;
  friend std::ostream& operator<<(std::ostream& out, const Chunk& k) {
    return out << "{" << k.from << "@" << k.from_at << " -> " << k.to << "@" << k.to_at << " x" << k.count << "}";
  }
};

inline std::vector<std::size_t> prefix_sums(const std::vector<std::size_t>& counts) {
  std::vector<std::size_t> at;
  std::size_t sum = 0;
  for (auto c : counts) {
    at.push_back(sum);
    sum += c;
  }
  return at;
}

/// Where displacement `d` of member `member` points in `side`: the offset itself for a private
/// buffer or a shared view, or (member_local) the view index of the member thread's local
/// element d; nullopt when that element does not exist or lies before the view.
inline std::optional<std::size_t> resolve(const Call& call, const Side& side, int member, std::size_t d) {
  if (!side.shared || !call.member_local) return d;
  auto t = call.thread_of[static_cast<std::size_t>(member)];
  if (d >= local_size(side.array, side.block, call.threads, t)) return std::nullopt;
  auto g = global_index(side.block, call.threads, t, d);
  if (g < side.start) return std::nullopt;
  return g - side.start;
}

/// The unresolved copies of a call: (from, source displacement, to, destination displacement,
/// count), in displacement units.
inline std::vector<Chunk> displaced(const Call& c) {
  auto n = static_cast<std::size_t>(c.members());
  auto sd = [&](std::size_t i, std::size_t fallback) { return c.source.empty() ? fallback : c.source[i]; };
  auto dd = [&](std::size_t i, std::size_t fallback) { return c.destination.empty() ? fallback : c.destination[i]; };
  std::vector<Chunk> out;
  auto packed = prefix_sums(c.counts);
  switch (c.op) {
    case Op::broadcast_v: {
      auto count = c.counts.at(0);
      for (std::size_t r = 0; r < n; ++r)
        out.push_back({c.root, sd(0, 0), int(r), dd(r, c.dst.shared ? r * count : 0), count});
      break;
    }
    case Op::scatter_v:
      for (std::size_t r = 0; r < n; ++r)
        out.push_back({c.root, sd(r, packed[r]), int(r), dd(r, c.dst.shared ? packed[r] : 0), c.counts[r]});
      break;
    case Op::gather_v:
      for (std::size_t r = 0; r < n; ++r)
        out.push_back({int(r), sd(r, c.src.shared ? packed[r] : 0), c.root, dd(r, packed[r]), c.counts[r]});
      break;
    case Op::allgather_v:
      // the part offset of a shared destination is added by chunks()
      for (std::size_t q = 0; q < n; ++q)
        for (std::size_t r = 0; r < n; ++r)
          out.push_back({int(r), sd(r, c.src.shared ? packed[r] : 0), int(q), dd(r, packed[r]), c.counts[r]});
      break;
    case Op::exchange_v: {
      auto at = [&](std::size_t r, std::size_t q) { return c.counts[r * n + q]; };
      for (std::size_t r = 0; r < n; ++r)
        for (std::size_t q = 0; q < n; ++q) {
          std::size_t from = 0;  // member r's row: the chunks for 0 .. q-1 first
          if (c.src.shared)
            from = packed[r * n + q];  // row-major over the whole matrix
          else
            for (std::size_t j = 0; j < q; ++j) from += at(r, j);
          std::size_t to = 0;  // member q's column: the chunks from 0 .. r-1 first
          if (c.dst.shared)
            for (std::size_t j = 0; j < q; ++j)
              for (std::size_t i = 0; i < n; ++i) to += at(i, j);
          for (std::size_t i = 0; i < r; ++i) to += at(i, q);
          out.push_back({int(r), sd(r * n + q, from), int(q), dd(r * n + q, to), at(r, q)});
        }
      break;
    }
    case Op::permute_v:
      for (std::size_t r = 0; r < n; ++r) {
        auto from = sd(r, c.src.shared ? packed[r] : 0);
        auto to = c.dst.shared ? (c.src.shared || c.member_local ? from : packed[r]) : 0;
        out.push_back({int(r), from, c.permutation[r], dd(r, to), c.counts[r]});
      }
      break;
    case Op::vector_copy:
      for (const auto& k : c.copies) out.push_back({k.from, k.from_offset, k.to, k.to_offset, k.count});
      break;
  }
  return out;
}

/// The copies of a call with resolved positions, zero-length ones dropped; nullopt when a
/// member_local displacement does not resolve (the call must be refused).
inline std::optional<std::vector<Chunk>> chunks(const Call& c) {
  std::vector<Chunk> out;
  auto n = static_cast<std::size_t>(c.members());
  for (auto k : displaced(c)) {
    if (k.count == 0) continue;
    if (c.op == Op::vector_copy) {  // no member_local; shared sides ignore the member
      out.push_back(k);
      continue;
    }
    auto from = resolve(c, c.src, k.from, k.from_at);
    auto to = resolve(c, c.dst, k.to, k.to_at);
    if (!from || !to) return std::nullopt;
    k.from_at = *from;
    k.to_at = *to;
    // allgather_v: member q's copy is part q of n equal parts of a shared destination
    if (c.op == Op::allgather_v && c.dst.shared && !c.member_local) k.to_at += static_cast<std::size_t>(k.to) * (c.dst.view / n);
    out.push_back(k);
  }
  return out;
}

/// A source element: `at` of member `member`'s private source, or view index `at` (member -1).
struct From {
  int member = -1;
  std::size_t at = 0;
};

/// What the call writes: per member's private destination (sized `private_size[m]`), or into
/// the shared view. Overlapping writes are a test error, reported in `error`.
struct Outcome {
  std::vector<std::vector<std::optional<From>>> by_member;
  std::vector<std::optional<From>> view;
  std::string error;
};

inline Outcome apply(const Call& c, const std::vector<Chunk>& ks, const std::vector<std::size_t>& private_size) {
  Outcome o;
  if (c.dst.shared)
    o.view.assign(c.dst.view, std::nullopt);
  else
    for (auto s : private_size) o.by_member.emplace_back(s);
  for (const auto& k : ks)
    for (std::size_t i = 0; i < k.count; ++i) {
      auto& slot = c.dst.shared ? o.view.at(k.to_at + i) : o.by_member.at(static_cast<std::size_t>(k.to)).at(k.to_at + i);
      if (slot && o.error.empty()) o.error = "two chunks write destination position " + std::to_string(k.to_at + i);
      slot = From{c.src.shared ? -1 : k.from, k.from_at + i};
    }
  return o;
}

}  // namespace pgasmr::test::vmodel
