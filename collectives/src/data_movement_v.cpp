// The vector-variant collectives: every member's chunk has its own count and displacement.
// Counts and displacements are in elements. A missing displacement list means the chunks are
// packed: one after another in member order in a buffer that holds several members' chunks,
// and at offset 0 of a private buffer that holds one member's chunk.

#include <pgasmr/collectives/detail/core.hpp>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include <boost/container/small_vector.hpp>
#include <pgasmr/pgas/block_cyclic.hpp>

#include "executor.hpp"
#include "participants.hpp"
#include "plan.hpp"

namespace pgasmr::coll::detail {
namespace {

/// Element offsets, one per member (or per pair): on the stack for a few members.
using Offsets = boost::container::small_vector<std::size_t, 16>;

/// Prefix sums: where packed chunks start.
Offsets packed(std::span<const std::size_t> counts) {
  Offsets at(counts.size(), 0);
  for (std::size_t i = 1; i < counts.size(); ++i) at[i] = at[i - 1] + counts[i - 1];
  return at;
}

/// Plans chunks between two buffers, checking every chunk against the buffer it touches.
class ChunkPlan {
 public:
  ChunkPlan(Participants& p, const BufferRef& dst, const BufferRef& src, std::size_t element_size, bool member_local)
      : p_(p), dst_(dst), src_(src), size_(element_size), member_local_(member_local), plan_(p) {}

  void chunk(int from, std::size_t from_at, int to, std::size_t to_at, std::size_t count) {
    if (count == 0) return;
    auto from_offset = locate(src_, from, from_at, count, "source");
    auto to_offset = locate(dst_, to, to_at, count, "destination");
    plan_.transfer(src_, Side::source, from, from_offset * size_, dst_, Side::destination, to, to_offset * size_,
                   count * size_);
  }

  void run(const Options& options) {
    execute(p_, plan_, private_buffers(p_, plan_, dst_, src_), options.sync, Overlap::none);
  }

 private:
  /// The element offset in `buffer` of `member`'s displacement `at`, refusing chunks that do not
  /// fit. A private buffer is only checked by its owner, the one thread that knows its size.
  std::size_t locate(const BufferRef& buffer, int member, std::size_t at, std::size_t count, const char* what) const {
    std::size_t elements = 0;
    if (buffer.is_shared()) {
      if (member_local_) at = local_to_view(buffer, member, at, what);
      elements = buffer.count;
    } else if (member == p_.mine()) {
      elements = buffer.bytes / size_;
    } else {
      return at;
    }
    if (at > elements || count > elements - at) refuse_misfit(buffer, at, count, elements, what);
    return at;
  }

  [[noreturn, gnu::cold, gnu::noinline]] void refuse_misfit(const BufferRef& buffer, std::size_t at, std::size_t count,
                                                             std::size_t elements, const char* what) const {
    p_.refuse("a chunk of " + std::to_string(count) + " elements at " + std::to_string(at) + " does not fit the " +
              what + (buffer.is_shared() ? " (shared, " : " (this thread's private buffer, ") +
              std::to_string(elements) + " elements)");
  }

  /// _local: displacement `at` counts from the start of the member thread's own part.
  std::size_t local_to_view(const BufferRef& buffer, int member, std::size_t at, const char* what) const {
    pg::BlockCyclicLayout layout(buffer.array_size, buffer.block, p_.me().threads());
    auto thread = p_.thread_of(member);
    if (at >= layout.local_size(thread))
      p_.refuse(std::string("local displacement ") + std::to_string(at) + " lies beyond thread " +
                std::to_string(thread) + "'s part of the " + what);
    auto global = layout.global_index(thread, at);
    if (global < buffer.start) p_.refuse(std::string("local displacement lies before the view of the ") + what);
    return global - buffer.start;
  }

  Participants& p_;
  const BufferRef& dst_;
  const BufferRef& src_;
  std::size_t size_;
  bool member_local_;
  Plan plan_;
};

[[noreturn, gnu::cold, gnu::noinline]] void refuse_size(const Participants& p, std::size_t size, std::size_t expected,
                                                        const char* what) {
  p.refuse(std::string(what) + " has " + std::to_string(size) + " entries; it needs " + std::to_string(expected));
}

/// Refuses unless `list` has `expected` entries (or may be empty and is).
void expect_size(const Participants& p, std::span<const std::size_t> list, std::size_t expected, bool may_be_empty,
                 const char* what) {
  if (list.size() != expected && !(may_be_empty && list.empty())) refuse_size(p, list.size(), expected, what);
}

/// Refuses unless `spec` has `counts` counts and, where given, `from` source and `to` destination
/// displacements.
void expect_sizes(const Participants& p, const VectorSpec& spec, std::size_t counts, std::size_t from, std::size_t to,
                  const char* counts_name = "counts") {
  expect_size(p, spec.counts, counts, false, counts_name);
  expect_size(p, spec.source_displacements, from, true, "source displacements");
  expect_size(p, spec.destination_displacements, to, true, "destination displacements");
}

/// Explicit displacements, or `fallback` when none were given.
std::span<const std::size_t> or_default(std::span<const std::size_t> given, std::span<const std::size_t> fallback) {
  return given.empty() ? fallback : given;
}

std::span<const std::size_t> view(const Offsets& offsets) { return {offsets.data(), offsets.size()}; }

std::size_t member_count(const Participants& p) { return static_cast<std::size_t>(p.count()); }

/// Packed for a shared buffer holding every member's chunk, zero for private buffers that hold
/// one member's chunk each.
Offsets per_member_default(const BufferRef& buffer, std::span<const std::size_t> counts) {
  if (buffer.is_shared()) return packed(counts);
  return Offsets(counts.size(), 0);
}

}  // namespace

void broadcast_v(pg::Context& me, const BufferRef& dst, const BufferRef& src, const VectorSpec& spec,
                 const Options& options) {
  Participants p(me, options, "broadcast_v");
  p.check_member(options.root, "root");
  auto n = member_count(p);
  expect_sizes(p, spec, 1, 1, n);
  auto count = spec.counts[0];
  auto from = spec.source_displacements.empty() ? 0 : spec.source_displacements[0];
  Offsets counts(n, count);
  auto default_to = per_member_default(dst, view(counts));
  auto to = or_default(spec.destination_displacements, view(default_to));
  ChunkPlan plan(p, dst, src, spec.element_size, spec.member_local);
  for (int r = 0; r < p.count(); ++r)
    if (p.takes_part(r)) plan.chunk(options.root, from, r, to[static_cast<std::size_t>(r)], count);
  plan.run(options);
}

void scatter_v(pg::Context& me, const BufferRef& dst, const BufferRef& src, const VectorSpec& spec,
               const Options& options) {
  Participants p(me, options, "scatter_v");
  p.check_member(options.root, "root");
  auto n = member_count(p);
  expect_sizes(p, spec, n, n, n);
  auto default_from = packed(spec.counts), default_to = per_member_default(dst, spec.counts);
  auto from = or_default(spec.source_displacements, view(default_from));
  auto to = or_default(spec.destination_displacements, view(default_to));
  ChunkPlan plan(p, dst, src, spec.element_size, spec.member_local);
  for (std::size_t r = 0; r < n; ++r)
    if (p.takes_part(static_cast<int>(r))) plan.chunk(options.root, from[r], static_cast<int>(r), to[r], spec.counts[r]);
  plan.run(options);
}

void gather_v(pg::Context& me, const BufferRef& dst, const BufferRef& src, const VectorSpec& spec,
              const Options& options) {
  Participants p(me, options, "gather_v");
  p.check_member(options.root, "root");
  auto n = member_count(p);
  expect_sizes(p, spec, n, n, n);
  auto default_from = per_member_default(src, spec.counts), default_to = packed(spec.counts);
  auto from = or_default(spec.source_displacements, view(default_from));
  auto to = or_default(spec.destination_displacements, view(default_to));
  ChunkPlan plan(p, dst, src, spec.element_size, spec.member_local);
  for (std::size_t r = 0; r < n; ++r)
    if (p.takes_part(static_cast<int>(r))) plan.chunk(static_cast<int>(r), from[r], options.root, to[r], spec.counts[r]);
  plan.run(options);
}

void allgather_v(pg::Context& me, const BufferRef& dst, const BufferRef& src, const VectorSpec& spec,
                 const Options& options) {
  Participants p(me, options, "allgather_v");
  auto n = member_count(p);
  expect_sizes(p, spec, n, n, n);
  auto default_from = per_member_default(src, spec.counts), default_to = packed(spec.counts);
  auto from = or_default(spec.source_displacements, view(default_from));
  auto to = or_default(spec.destination_displacements, view(default_to));
  // A shared destination holds one copy per member: member q's copy is part q of n equal parts.
  // With member_local the displacements already count from member q's own part of the array.
  bool in_parts = dst.is_shared() && !spec.member_local;
  auto part = in_parts ? dst.count / n : 0;
  // A chunk past the end of its part would overwrite the next member's copy.
  for (std::size_t r = 0; r < n && in_parts; ++r)
    if (p.takes_part(static_cast<int>(r)) && spec.counts[r] > 0 && (to[r] > part || spec.counts[r] > part - to[r]))
      p.refuse("a chunk of " + std::to_string(spec.counts[r]) + " elements at " + std::to_string(to[r]) +
               " does not fit a member's part of the destination (" + std::to_string(part) + " elements of a shared view of " +
               std::to_string(dst.count) + ")");
  ChunkPlan plan(p, dst, src, spec.element_size, spec.member_local);
  for (std::size_t q = 0; q < n; ++q) {
    if (!p.takes_part(static_cast<int>(q))) continue;
    for (std::size_t r = 0; r < n; ++r)
      if (p.takes_part(static_cast<int>(r)))
        plan.chunk(static_cast<int>(r), from[r], static_cast<int>(q), q * part + to[r], spec.counts[r]);
  }
  plan.run(options);
}

void exchange_v(pg::Context& me, const BufferRef& dst, const BufferRef& src, const VectorSpec& spec,
                const Options& options) {
  Participants p(me, options, "exchange_v");
  auto n = member_count(p);
  expect_sizes(p, spec, n * n, n * n, n * n, "counts (one row of n per member)");
  // Defaults: member r's row packed in its (private) buffer; member q receives the chunks from
  // 0, 1, ... packed one after another (the thesis's _merge). Shared buffers pack all rows.
  Offsets packed_from(n * n), packed_to(n * n);
  std::size_t shared_from = 0;
  for (std::size_t r = 0; r < n; ++r) {
    std::size_t row = 0;
    for (std::size_t q = 0; q < n; ++q) {
      packed_from[r * n + q] = src.is_shared() ? shared_from : row;
      row += spec.counts[r * n + q];
      shared_from += spec.counts[r * n + q];
    }
  }
  std::size_t shared_to = 0;
  for (std::size_t q = 0; q < n; ++q) {
    std::size_t column = 0;
    for (std::size_t r = 0; r < n; ++r) {
      packed_to[r * n + q] = dst.is_shared() ? shared_to : column;
      column += spec.counts[r * n + q];
      shared_to += spec.counts[r * n + q];
    }
  }
  auto from = or_default(spec.source_displacements, view(packed_from));
  auto to = or_default(spec.destination_displacements, view(packed_to));
  ChunkPlan plan(p, dst, src, spec.element_size, spec.member_local);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t q = 0; q < n; ++q)
      if (p.takes_part(static_cast<int>(r)) && p.takes_part(static_cast<int>(q)))
        plan.chunk(static_cast<int>(r), from[r * n + q], static_cast<int>(q), to[r * n + q], spec.counts[r * n + q]);
  plan.run(options);
}

void permute_v(pg::Context& me, const BufferRef& dst, const BufferRef& src, std::span<const int> permutation,
               const VectorSpec& spec, const Options& options) {
  Participants p(me, options, "permute_v");
  auto n = member_count(p);
  if (permutation.size() != n)
    p.refuse("the permutation has " + std::to_string(permutation.size()) + " entries; it needs " + std::to_string(n));
  std::vector<bool> taken(n, false);
  for (std::size_t r = 0; r < n; ++r) {
    if (!p.takes_part(static_cast<int>(r))) continue;
    p.check_member(permutation[r], "permutation target");
    if (taken[static_cast<std::size_t>(permutation[r])]) p.refuse("the permutation sends two members to one");
    taken[static_cast<std::size_t>(permutation[r])] = true;
  }
  expect_sizes(p, spec, n, n, n);
  auto default_from = per_member_default(src, spec.counts);
  auto from = or_default(spec.source_displacements, view(default_from));
  // By default a chunk lands where it was: the same displacement in the target's part. From
  // private sources (displacement 0 for everybody) a shared view is packed, as from a shared one.
  auto packed_counts = packed(spec.counts);
  Offsets zeros(n, 0);
  auto keep = src.is_shared() || spec.member_local ? from : view(packed_counts);
  auto to = or_default(spec.destination_displacements, dst.is_shared() ? keep : view(zeros));
  ChunkPlan plan(p, dst, src, spec.element_size, spec.member_local);
  for (std::size_t r = 0; r < n; ++r)
    if (p.takes_part(static_cast<int>(r))) plan.chunk(static_cast<int>(r), from[r], permutation[r], to[r], spec.counts[r]);
  plan.run(options);
}

namespace {

/// Refuses chunks that overlap in the destination: what lands there would depend on the order
/// of the copies. Every member checks the same list, so every member refuses alike.
void refuse_overlapping_destinations(const Participants& p, std::span<const ChunkCopy> chunks, bool shared) {
  struct Span {
    int member;  // the destination's owner (0 for a shared destination: one view)
    std::size_t begin, end;
    std::size_t chunk;
  };
  std::vector<Span> spans;
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const auto& c = chunks[i];
    // Only its owner checks that a chunk fits a private destination: the end may not be representable.
    auto end = c.count > std::numeric_limits<std::size_t>::max() - c.to_offset ? std::numeric_limits<std::size_t>::max()
                                                                                 : c.to_offset + c.count;
    if (c.count != 0) spans.push_back({shared ? 0 : c.to, c.to_offset, end, i});
  }
  std::ranges::sort(spans, {}, [](const Span& s) { return std::pair(s.member, s.begin); });
  for (std::size_t i = 1; i < spans.size(); ++i)
    if (spans[i].member == spans[i - 1].member && spans[i].begin < spans[i - 1].end)
      p.refuse("chunks " + std::to_string(std::min(spans[i - 1].chunk, spans[i].chunk)) + " and " +
               std::to_string(std::max(spans[i - 1].chunk, spans[i].chunk)) + " overlap in the destination");
}

}  // namespace

void vector_copy(pg::Context& me, const BufferRef& dst, const BufferRef& src, std::span<const ChunkCopy> chunks,
                 std::size_t element_size, const Options& options) {
  Participants p(me, options, "vector_copy");
  ChunkPlan plan(p, dst, src, element_size, false);
  for (const auto& c : chunks) {
    // For a shared side the member does not matter: offsets index the view.
    int from = src.is_shared() ? p.mine() : c.from;
    int to = dst.is_shared() ? p.mine() : c.to;
    if (!src.is_shared()) p.check_member(from, "chunk source member");
    if (!dst.is_shared()) p.check_member(to, "chunk destination member");
    plan.chunk(from, c.from_offset, to, c.to_offset, c.count);
  }
  refuse_overlapping_destinations(p, chunks, dst.is_shared());
  plan.run(options);
}

}  // namespace pgasmr::coll::detail
