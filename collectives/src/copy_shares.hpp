#pragma once
// Who moves which bytes of a plan on the single-copy path. A copy between two members may be
// moved by either owner (the source's writing, the destination's reading), so each split copy is
// cut where it evens out the time its two owners spend moving bytes: a gather's root, which
// copies its own block, leaves most of the others' blocks to their owners, and a broadcast's
// root leaves most of its block to the readers. Time is counted in bytes weighed by how they
// move, since a byte another process holds costs more than one this process maps. Every member
// computes the same shares from the same plan, so the two owners of a copy agree on the cut.

#include <algorithm>
#include <cstddef>
#include <functional>
#include <span>
#include <vector>

#include "plan.hpp"

namespace pgasmr::coll::detail {

/// For each copy, the bytes its source's owner moves from its front; its destination's owner
/// moves the rest. A copy `splits` refuses falls whole to its destination's owner.
/// `cost(copy, mover)` is what a byte of `copy` costs member thread `mover` (a small integer).
/// Cuts lie on cache lines, so that two members never write one. Empty when `splits` accepts no
/// copy.
template <class MemberOf, class Splits, class Cost>
std::vector<std::size_t> source_shares(std::span<const Copy> copies, int members, MemberOf member_of, Splits splits,
                                       Cost cost) {
  // The copies that split, by index; a call that splits none (every small one) allocates nothing.
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < copies.size(); ++i)
    if (copies[i].from.owner != copies[i].to.owner && splits(copies[i])) order.push_back(i);
  if (order.empty()) return {};
  std::vector<std::size_t> load(static_cast<std::size_t>(members), 0), shares(copies.size(), 0);
  for (std::size_t i = 0, next = 0; i < copies.size(); ++i) {
    if (next < order.size() && order[next] == i) {
      ++next;
      continue;
    }
    load[static_cast<std::size_t>(member_of(copies[i].to.owner))] += copies[i].bytes * cost(copies[i], copies[i].to.owner);
  }
  // Largest first, as one schedules jobs on machines: the small ones then even out what is left.
  std::ranges::stable_sort(order, std::greater{}, [&](std::size_t i) { return copies[i].bytes; });
  constexpr std::size_t line = 64;
  for (auto i : order) {
    const auto& copy = copies[i];
    std::size_t source_cost = cost(copy, copy.from.owner), destination_cost = cost(copy, copy.to.owner);
    auto& source_load = load[static_cast<std::size_t>(member_of(copy.from.owner))];
    auto& destination_load = load[static_cast<std::size_t>(member_of(copy.to.owner))];
    // The cut that evens the two out: source + share * its cost = destination + rest * its cost.
    auto destination_whole = destination_load + copy.bytes * destination_cost;
    std::size_t share =
        destination_whole > source_load ? (destination_whole - source_load) / (source_cost + destination_cost) : 0;
    share = std::min(share, copy.bytes);
    if (share < copy.bytes) share = share / line * line;
    shares[i] = share;
    source_load += share * source_cost;
    destination_load += (copy.bytes - share) * destination_cost;
  }
  return shares;
}

}  // namespace pgasmr::coll::detail
