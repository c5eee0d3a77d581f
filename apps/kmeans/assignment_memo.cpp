#include "kmeans/assignment_memo.hpp"

namespace pgasmr::apps::kmeans {

AssignmentMemo::Entry AssignmentMemo::take(std::size_t block, std::uint64_t round, std::size_t points) {
  Block& entry = blocks_.at(block);
  const bool previous = entry.round != 0 && entry.round + 1 == round;
  entry.round = round;
  entry.clusters.resize(points);
  return {entry.clusters, previous};
}

void AssignmentMemo::forget_before(std::uint64_t round) {
  for (Block& entry : blocks_) {
    if (entry.round == 0 || entry.round + 1 >= round) continue;
    entry = Block{};
  }
}

}  // namespace pgasmr::apps::kmeans
