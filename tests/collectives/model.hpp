#pragma once
// A sequential model of the six data-movement collectives, written from the doc comments of
// the public headers (broadcast.hpp ... permute.hpp), independently of the library's plans.
// The library pushes each source chunk to its destinations; the model pulls: for every element
// of a destination it names the one source element that must end up there, or nothing when the
// collective leaves that element alone. Members are numbered as the collective numbers them:
// team ranks, or thread ids with Addressing::thread_ids (then some numbers take no part).
//
// Regions. Each side of an out-of-place collective is either rooted (one region, the root's:
// its private array, or the shared view from index 0) or per member (member m's private array,
// or the shared view [m * size, (m + 1) * size)). In place, member m's block is its private
// array, or the shared view [m * block, (m + 1) * block).

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace pgasmr::test::model {

enum class Op { broadcast, scatter, gather, allgather, exchange, permute };
inline constexpr std::array all_ops{Op::broadcast, Op::scatter, Op::gather, Op::allgather, Op::exchange, Op::permute};

inline const char* name(Op op) {
  switch (op) {
    case Op::broadcast: return "broadcast";
    case Op::scatter: return "scatter";
    case Op::gather: return "gather";
    case Op::allgather: return "allgather";
    case Op::exchange: return "exchange";
    case Op::permute: return "permute";
  }
  return "?";
}

/// One call, as every member sees it.
struct Shape {
  Op op = Op::broadcast;
  std::size_t count = 0;         ///< elements per chunk
  std::vector<bool> takes_part;  ///< by member number; its size is the number of members n
  int root = 0;                  ///< member number of the root (rooted operations)
  std::vector<int> permutation;  ///< permute: target member number, by member number

  int members() const { return static_cast<int>(takes_part.size()); }
  bool part(int m) const { return m >= 0 && m < members() && takes_part[static_cast<std::size_t>(m)]; }
};

/// Element `offset` of member `member`'s region (or block).
struct Element {
  int member = 0;
  std::size_t offset = 0;
  friend bool operator==(const Element&, const Element&) = default;
};

inline std::size_t members_of(const Shape& s) { return static_cast<std::size_t>(s.members()); }

// ---- out of place -------------------------------------------------------------------------

/// broadcast and scatter read the root's source only.
inline bool source_rooted(Op op) { return op == Op::broadcast || op == Op::scatter; }
/// gather writes the root's destination only.
inline bool destination_rooted(Op op) { return op == Op::gather; }

/// Elements of one source region.
inline std::size_t source_size(const Shape& s) {
  switch (s.op) {
    case Op::broadcast: return s.count;                   // the root's chunk
    case Op::scatter: return members_of(s) * s.count;     // one chunk per member
    case Op::gather: return s.count;                      // each member's chunk
    case Op::allgather: return s.count;
    case Op::exchange: return members_of(s) * s.count;    // one chunk for every member
    case Op::permute: return s.count;
  }
  return 0;
}

/// Elements of one destination region.
inline std::size_t destination_size(const Shape& s) {
  switch (s.op) {
    case Op::broadcast: return s.count;
    case Op::scatter: return s.count;
    case Op::gather: return members_of(s) * s.count;      // the root receives every chunk
    case Op::allgather: return members_of(s) * s.count;   // everybody receives every chunk
    case Op::exchange: return members_of(s) * s.count;
    case Op::permute: return s.count;
  }
  return 0;
}

/// The source element that must end up at `d` of a destination region, or nullopt when the
/// collective does not write `d` (a member that takes no part, a non-root's destination, a
/// chunk that belongs to a member that takes no part).
inline std::optional<Element> source_of(const Shape& s, Element d) {
  auto c = s.count;
  if (c == 0 || !s.part(d.member) || d.offset >= destination_size(s)) return std::nullopt;
  auto chunk = static_cast<int>(d.offset / c);  // for the destinations made of n chunks
  auto within = d.offset % c;
  switch (s.op) {
    case Op::broadcast:  // every member receives the root's chunk
      return Element{s.root, d.offset};
    case Op::scatter:  // member m receives chunk m of the root's source
      return Element{s.root, static_cast<std::size_t>(d.member) * c + d.offset};
    case Op::gather:  // chunk r of the root's destination is member r's chunk
      if (d.member != s.root || !s.part(chunk)) return std::nullopt;
      return Element{chunk, within};
    case Op::allgather:  // chunk r of everybody's destination is member r's chunk
      if (!s.part(chunk)) return std::nullopt;
      return Element{chunk, within};
    case Op::exchange:  // chunk r of member m's destination is chunk m of member r's source
      if (!s.part(chunk)) return std::nullopt;
      return Element{chunk, static_cast<std::size_t>(d.member) * c + within};
    case Op::permute:  // member m receives the chunk of the member r with permutation[r] == m
      for (int r = 0; r < s.members(); ++r)
        if (s.part(r) && s.permutation[static_cast<std::size_t>(r)] == d.member) return Element{r, d.offset};
      return std::nullopt;
  }
  return std::nullopt;
}

// ---- in place -----------------------------------------------------------------------------

/// Elements of one member's block of an in-place buffer.
inline std::size_t block_size(const Shape& s) {
  switch (s.op) {
    case Op::broadcast:
    case Op::permute: return s.count;
    case Op::scatter:
    case Op::gather:
    case Op::allgather:
    case Op::exchange: return members_of(s) * s.count;
  }
  return 0;
}

/// The element of the buffer *before* the call whose value `t` holds after it, or nullopt
/// when `t` keeps its value.
inline std::optional<Element> in_place_source_of(const Shape& s, Element t) {
  auto c = s.count;
  if (c == 0 || !s.part(t.member) || t.offset >= block_size(s)) return std::nullopt;
  auto chunk = static_cast<int>(t.offset / c);
  auto within = t.offset % c;
  std::optional<Element> from;
  switch (s.op) {
    case Op::broadcast:  // the root's block to every other block
      if (t.member != s.root) from = Element{s.root, t.offset};
      break;
    case Op::scatter:  // chunk m of the root's block to chunk m of member m's block
      if (t.member != s.root && chunk == t.member) from = Element{s.root, t.offset};
      break;
    case Op::gather:  // chunk r of member r's block to chunk r of the root's block
      if (t.member == s.root && chunk != s.root && s.part(chunk)) from = Element{chunk, t.offset};
      break;
    case Op::allgather:  // chunk r of member r's block to chunk r of every block
      if (chunk != t.member && s.part(chunk)) from = Element{chunk, t.offset};
      break;
    case Op::exchange:  // chunk r of member m's block <-> chunk m of member r's block
      if (chunk != t.member && s.part(chunk))
        from = Element{chunk, static_cast<std::size_t>(t.member) * c + within};
      break;
    case Op::permute:  // member r's block to member permutation[r]'s block
      for (int r = 0; r < s.members(); ++r)
        if (s.part(r) && s.permutation[static_cast<std::size_t>(r)] == t.member) {
          if (r != t.member) from = Element{r, t.offset};
          break;
        }
      break;
  }
  return from;
}

// ---- shared views ---------------------------------------------------------------------------

/// Index in a shared view of element `e` of a region of `size` elements.
inline std::size_t view_index(bool rooted, std::size_t size, Element e) {
  return rooted ? e.offset : static_cast<std::size_t>(e.member) * size + e.offset;
}

/// The region element at view index `index`, or nullopt past the regions of `members` members.
inline std::optional<Element> element_at(bool rooted, std::size_t size, int root, int members, std::size_t index) {
  if (rooted) {
    if (index >= size) return std::nullopt;
    return Element{root, index};
  }
  if (size == 0 || index >= size * static_cast<std::size_t>(members)) return std::nullopt;
  return Element{static_cast<int>(index / size), index % size};
}

}  // namespace pgasmr::test::model
