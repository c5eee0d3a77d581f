#pragma once
/// @file
/// One thread's memory of the clusters it gave the points of the blocks it mapped, so that the
/// next round tells which points changed cluster without measuring them against last round's
/// centroids again. A thread keeps only its own blocks: with BLOCK, CYCLIC and BALANCED it maps
/// the same ones every round; with DYNAMIC (or another process) a block may come from another
/// thread, and then its entry is missing and the engine measures its points again.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "kmeans/clustering.hpp"

namespace pgasmr::apps::kmeans {

class AssignmentMemo {
 public:
  explicit AssignmentMemo(std::size_t blocks) : blocks_(blocks) {}

  /// A block's clusters for this round, to be filled in by the caller.
  struct Entry {
    std::span<ClusterIndex> clusters;
    bool holds_previous_round = false;  ///< `clusters` still holds last round's values
  };

  /// The entry of `block` (of `points` points) in `round` (1, 2, ...).
  Entry take(std::size_t block, std::uint64_t round, std::size_t points);

  /// Frees the entries older than last round (they can no longer be used); call once per round.
  void forget_before(std::uint64_t round);

 private:
  struct Block {
    std::uint64_t round = 0;  ///< the round `clusters` were written in (0: none)
    std::vector<ClusterIndex> clusters;
  };
  std::vector<Block> blocks_;
};

}  // namespace pgasmr::apps::kmeans
