// The data-movement collectives as plans. Member r's chunks, for a chunk of c bytes among n
// members: in a private buffer they lie in r's own array; in a shared buffer (a view of a
// block-cyclic array) member r's part starts at r * (the part's size).

#include <pgasmr/collectives/detail/core.hpp>

#include <limits>
#include <string>
#include <vector>

#include "executor.hpp"
#include "inter_process.hpp"
#include "participants.hpp"
#include "plan.hpp"

namespace pgasmr::coll::detail {
namespace {

/// a * b, refusing on overflow.
std::size_t times(const Participants& p, std::size_t a, std::size_t b) {
  if (b != 0 && a > std::numeric_limits<std::size_t>::max() / b) p.refuse("buffer sizes overflow the address space");
  return a * b;
}

[[noreturn, gnu::cold, gnu::noinline]] void refuse_size(const Participants& p, const BufferRef& buffer,
                                                        std::size_t needed, const char* what) {
  p.refuse(std::string(what) + " holds " + std::to_string(buffer.size_bytes()) + " bytes but the collective needs " +
           std::to_string(needed) + (buffer.is_shared() ? " (shared)" : " (this thread's private buffer)"));
}

/// Refuses unless `buffer` holds `needed` bytes. Shared buffers are checked on every thread;
/// a private one only by its owner, and only if it is used on this thread (`used`).
void require(const Participants& p, const BufferRef& buffer, std::size_t needed, bool used, const char* what) {
  if ((buffer.is_shared() || used) && buffer.size_bytes() < needed) refuse_size(p, buffer, needed, what);
}

/// Byte offset of member r's part of a buffer whose parts are `part` bytes each (private: 0).
std::size_t part_of(const BufferRef& buffer, int member, std::size_t part) {
  return buffer.is_shared() ? static_cast<std::size_t>(member) * part : 0;
}

/// Refuses unless `permutation` maps the participating members one-to-one onto themselves.
void check_permutation(const Participants& p, std::span<const int> permutation) {
  if (permutation.size() != static_cast<std::size_t>(p.count()))
    p.refuse("the permutation has " + std::to_string(permutation.size()) + " entries; it needs " +
             std::to_string(p.count()));
  std::vector<bool> taken(permutation.size(), false);
  for (int r = 0; r < p.count(); ++r) {
    if (!p.takes_part(r)) continue;
    auto target = permutation[static_cast<std::size_t>(r)];
    p.check_member(target, "permutation target");
    if (taken[static_cast<std::size_t>(target)])
      p.refuse("the permutation sends two members to " + std::to_string(target));
    taken[static_cast<std::size_t>(target)] = true;
  }
}

}  // namespace

std::size_t bytes_of(std::size_t count, std::size_t element_size) {
  if (element_size != 0 && count > std::numeric_limits<std::size_t>::max() / element_size)
    throw_error("collective", std::to_string(count) + " elements overflow the address space");
  return count * element_size;
}

void broadcast(pg::Context& me, const BufferRef& dst, const BufferRef& src, std::size_t chunk, const Options& options) {
  Participants p(me, options, "broadcast");
  auto root = options.root;
  p.check_member(root, "root");
  require(p, src, chunk, p.mine() == root, "the source");
  require(p, dst, dst.is_shared() ? times(p, chunk, static_cast<std::size_t>(p.count())) : chunk, true, "the destination");
  Plan plan(p);
  for (int r = 0; r < p.count(); ++r)
    if (p.takes_part(r)) plan.transfer(src, Side::source, root, 0, dst, Side::destination, r, part_of(dst, r, chunk), chunk);
  execute(p, plan, private_buffers(p, plan, dst, src), options.sync, Overlap::none);
}

void scatter(pg::Context& me, const BufferRef& dst, const BufferRef& src, std::size_t chunk, const Options& options) {
  Participants p(me, options, "scatter");
  auto root = options.root;
  p.check_member(root, "root");
  auto n = static_cast<std::size_t>(p.count());
  require(p, src, times(p, chunk, n), p.mine() == root, "the source");
  require(p, dst, dst.is_shared() ? times(p, chunk, n) : chunk, true, "the destination");
  Plan plan(p);
  for (int r = 0; r < p.count(); ++r)
    if (p.takes_part(r))
      plan.transfer(src, Side::source, root, static_cast<std::size_t>(r) * chunk, dst, Side::destination, r,
                    part_of(dst, r, chunk), chunk);
  execute(p, plan, private_buffers(p, plan, dst, src), options.sync, Overlap::none);
}

void gather(pg::Context& me, const BufferRef& dst, const BufferRef& src, std::size_t chunk, const Options& options) {
  Participants p(me, options, "gather");
  auto root = options.root;
  p.check_member(root, "root");
  auto n = static_cast<std::size_t>(p.count());
  require(p, src, src.is_shared() ? times(p, chunk, n) : chunk, true, "the source");
  require(p, dst, times(p, chunk, n), p.mine() == root, "the destination");
  Plan plan(p);
  for (int r = 0; r < p.count(); ++r)
    if (p.takes_part(r))
      plan.transfer(src, Side::source, r, part_of(src, r, chunk), dst, Side::destination, root,
                    static_cast<std::size_t>(r) * chunk, chunk);
  execute(p, plan, private_buffers(p, plan, dst, src), options.sync, Overlap::none);
}

void allgather(pg::Context& me, const BufferRef& dst, const BufferRef& src, std::size_t chunk, const Options& options) {
  Participants p(me, options, "allgather");
  auto n = static_cast<std::size_t>(p.count());
  auto part = times(p, chunk, n);
  require(p, src, src.is_shared() ? part : chunk, true, "the source");
  require(p, dst, dst.is_shared() ? times(p, part, n) : part, true, "the destination");
  Plan plan(p);
  for (int q = 0; q < p.count(); ++q) {
    if (!p.takes_part(q)) continue;
    for (int r = 0; r < p.count(); ++r)
      if (p.takes_part(r))
        plan.transfer(src, Side::source, r, part_of(src, r, chunk), dst, Side::destination, q,
                      part_of(dst, q, part) + static_cast<std::size_t>(r) * chunk, chunk);
  }
  execute(p, plan, private_buffers(p, plan, dst, src), options.sync, Overlap::none);
}

void exchange(pg::Context& me, const BufferRef& dst, const BufferRef& src, std::size_t chunk, const Options& options) {
  Participants p(me, options, "exchange");
  auto n = static_cast<std::size_t>(p.count());
  auto part = times(p, chunk, n);
  require(p, src, src.is_shared() ? times(p, part, n) : part, true, "the source");
  require(p, dst, dst.is_shared() ? times(p, part, n) : part, true, "the destination");
  Plan plan(p);
  for (int r = 0; r < p.count(); ++r) {
    if (!p.takes_part(r)) continue;
    for (int q = 0; q < p.count(); ++q)
      if (p.takes_part(q))
        plan.transfer(src, Side::source, r, part_of(src, r, part) + static_cast<std::size_t>(q) * chunk, dst,
                      Side::destination, q, part_of(dst, q, part) + static_cast<std::size_t>(r) * chunk, chunk);
  }
  execute(p, plan, private_buffers(p, plan, dst, src), options.sync, Overlap::none);
}

void permute(pg::Context& me, const BufferRef& dst, const BufferRef& src, std::span<const int> permutation,
             std::size_t chunk, const Options& options) {
  Participants p(me, options, "permute");
  check_permutation(p, permutation);
  auto n = static_cast<std::size_t>(p.count());
  require(p, src, src.is_shared() ? times(p, chunk, n) : chunk, true, "the source");
  require(p, dst, dst.is_shared() ? times(p, chunk, n) : chunk, true, "the destination");
  Plan plan(p);
  for (int r = 0; r < p.count(); ++r) {
    if (!p.takes_part(r)) continue;
    auto target = permutation[static_cast<std::size_t>(r)];
    plan.transfer(src, Side::source, r, part_of(src, r, chunk), dst, Side::destination, target,
                  part_of(dst, target, chunk), chunk);
  }
  execute(p, plan, private_buffers(p, plan, dst, src), options.sync, Overlap::none);
}

// In place: member r's block of one buffer is both its source and its destination.

namespace {
/// Plans `transfer(r, q)` for every pair of participating members, and runs it.
template <class Transfers>
void in_place(Participants& p, const BufferRef& buffer, std::size_t block, const Options& options, Overlap overlap,
              Transfers transfers) {
  require(p, buffer, buffer.is_shared() ? times(p, block, static_cast<std::size_t>(p.count())) : block, true,
          "the buffer");
  Plan plan(p);
  auto move = [&](int from, std::size_t from_offset, int to, std::size_t to_offset, std::size_t bytes) {
    plan.transfer(buffer, Side::destination, from, part_of(buffer, from, block) + from_offset, buffer, Side::destination,
                  to, part_of(buffer, to, block) + to_offset, bytes);
  };
  transfers(move);
  execute(p, plan, {nullptr, buffer.is_shared() ? nullptr : buffer.data}, options.sync, overlap);
}
}  // namespace

void broadcast_in_place(pg::Context& me, const BufferRef& buffer, std::size_t chunk, const Options& options) {
  Participants p(me, options, "broadcast (in place)");
  auto root = options.root;
  p.check_member(root, "root");
  in_place(p, buffer, chunk, options, Overlap::none, [&](auto move) {
    for (int r = 0; r < p.count(); ++r)
      if (r != root && p.takes_part(r)) move(root, 0, r, 0, chunk);
  });
}

void scatter_in_place(pg::Context& me, const BufferRef& buffer, std::size_t chunk, const Options& options) {
  Participants p(me, options, "scatter (in place)");
  auto root = options.root;
  p.check_member(root, "root");
  in_place(p, buffer, times(p, chunk, static_cast<std::size_t>(p.count())), options, Overlap::none, [&](auto move) {
    for (int r = 0; r < p.count(); ++r) {
      auto at = static_cast<std::size_t>(r) * chunk;
      if (r != root && p.takes_part(r)) move(root, at, r, at, chunk);
    }
  });
}

void gather_in_place(pg::Context& me, const BufferRef& buffer, std::size_t chunk, const Options& options) {
  Participants p(me, options, "gather (in place)");
  auto root = options.root;
  p.check_member(root, "root");
  in_place(p, buffer, times(p, chunk, static_cast<std::size_t>(p.count())), options, Overlap::none, [&](auto move) {
    for (int r = 0; r < p.count(); ++r) {
      auto at = static_cast<std::size_t>(r) * chunk;
      if (r != root && p.takes_part(r)) move(r, at, root, at, chunk);
    }
  });
}

void allgather_in_place(pg::Context& me, const BufferRef& buffer, std::size_t chunk, const Options& options) {
  Participants p(me, options, "allgather (in place)");
  in_place(p, buffer, times(p, chunk, static_cast<std::size_t>(p.count())), options, Overlap::none, [&](auto move) {
    for (int q = 0; q < p.count(); ++q)
      for (int r = 0; r < p.count(); ++r) {
        auto at = static_cast<std::size_t>(r) * chunk;
        if (q != r && p.takes_part(q) && p.takes_part(r)) move(r, at, q, at, chunk);
      }
  });
}

void exchange_in_place(pg::Context& me, const BufferRef& buffer, std::size_t chunk, const Options& options) {
  Participants p(me, options, "exchange (in place)");
  auto block = times(p, chunk, static_cast<std::size_t>(p.count()));
  auto swap = [&](auto move, int r, int q) {
    if (q != r && p.takes_part(q) && p.takes_part(r)) {
      move(r, static_cast<std::size_t>(q) * chunk, q, static_cast<std::size_t>(r) * chunk, chunk);
      move(q, static_cast<std::size_t>(r) * chunk, r, static_cast<std::size_t>(q) * chunk, chunk);
    }
  };
  if (requested_algorithm(options.algorithm) != Algorithm::pairwise) {
    in_place(p, buffer, block, options, Overlap::in_place, [&](auto move) {
      for (int r = 0; r < p.count(); ++r)
        for (int q = r + 1; q < p.count(); ++q) swap(move, r, q);
    });
    return;
  }
  // The thesis's algorithm: stage s swaps the pairs at distance s, so each member stages one
  // chunk at a time instead of n - 1; at most n / 2 stages (with n even, the last stage's
  // pairs are met from both ends and swapped once).
  auto n = p.count();
  for (int s = 1; s <= n / 2; ++s) {
    Options stage = options;
    if (s > 1) stage.sync.in = InSync::none;  // stages touch disjoint chunks
    if (s < n / 2) stage.sync.out = OutSync::my;
    in_place(p, buffer, block, stage, Overlap::in_place, [&](auto move) {
      for (int r = 0; r < n; ++r)
        if (!(2 * s == n && r >= n / 2)) swap(move, r, (r + s) % n);
    });
  }
}

void permute_in_place(pg::Context& me, const BufferRef& buffer, std::span<const int> permutation, std::size_t chunk,
                      const Options& options) {
  Participants p(me, options, "permute (in place)");
  check_permutation(p, permutation);
  in_place(p, buffer, chunk, options, Overlap::in_place, [&](auto move) {
    for (int r = 0; r < p.count(); ++r) {
      auto target = permutation[static_cast<std::size_t>(r)];
      if (p.takes_part(r) && target != r) move(r, 0, target, 0, chunk);
    }
  });
}

}  // namespace pgasmr::coll::detail
