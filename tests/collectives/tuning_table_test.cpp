// The automatic choice between processes: the tuning table's rows are all reachable and cover
// every traffic, and choose() reads the shape and the largest stream off the traffic. Pure
// functions, so they are tested here without processes.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <vector>

#include "inter_process.hpp"
#include "tuning_table.hpp"

namespace coll = pgasmr::coll;
using coll::Algorithm;
using coll::detail::TrafficShape;
using coll::detail::tuned_row;
using coll::detail::tuning_table;

namespace {

/// The traffic of `processes` processes seen from group rank 0, every stream `bytes` long but
/// stream 1 -> 0, which is `largest` (a broadcast from rank 0 when `broadcast`).
struct TrafficOf {
  std::vector<std::size_t> all_streams, send_counts, displacements;
  coll::detail::Traffic traffic{};

  TrafficOf(std::size_t processes, std::size_t bytes, std::size_t largest, bool broadcast)
      : all_streams(processes * processes, 0), send_counts(processes, 0), displacements(processes, 0) {
    for (std::size_t from = 0; from < processes; ++from)
      for (std::size_t to = 0; to < processes; ++to)
        if (from != to && (!broadcast || from == 0)) all_streams[from * processes + to] = bytes;
    if (!broadcast) all_streams[1 * processes + 0] = largest;
    for (std::size_t to = 1; to < processes; ++to) send_counts[to] = bytes;
    traffic.send_counts = send_counts;
    traffic.send_displacements = displacements;
    traffic.receive_counts = send_counts;
    traffic.receive_displacements = displacements;
    traffic.broadcast_root = broadcast ? 0 : -1;
    traffic.all_streams = all_streams;
  }
};

}  // namespace

TEST(TuningTable, every_row_applies_somewhere) {
  // A row shadowed by the rows before it would be a measurement that never takes effect.
  for (const auto& row : tuning_table)
    EXPECT_EQ(tuned_row(row.shape, row.least_processes, row.largest_stream), &row)
        << "row of " << row.least_processes << "-" << row.most_processes << " processes up to " << row.largest_stream
        << " B";
}

TEST(TuningTable, every_traffic_from_two_processes_has_a_row_of_its_shape) {
  for (auto shape : {TrafficShape::broadcast, TrafficShape::personalized})
    for (std::size_t processes : {2, 3, 4, 5, 8, 64, 4096})
      for (std::size_t stream : {std::size_t{0}, std::size_t{64}, std::size_t{65}, std::size_t{256} << 10,
                                 (std::size_t{256} << 10) + 1, std::size_t{1} << 40}) {
        const auto* row = tuned_row(shape, processes, stream);
        ASSERT_NE(row, nullptr) << processes << " processes, " << stream << " B";
        EXPECT_EQ(row->shape, shape);
      }
  EXPECT_EQ(tuned_row(TrafficShape::personalized, 1, 8), nullptr);
}

TEST(TuningTable, choose_reads_the_shape_and_the_largest_stream) {
  // What the table says for each traffic, checked through choose() as the executor calls it
  // (with no algorithm forced from outside: choose() reads the variable once).
  ::unsetenv("PGASMR_COLL_ALGORITHM");
  auto expected = [](TrafficShape shape, std::size_t processes, std::size_t largest) {
    return tuned_row(shape, processes, largest)->algorithm;
  };
  for (std::size_t processes : {2, 4, 8}) {
    for (std::size_t bytes : {8, 64, 4096, 16 << 20}) {
      TrafficOf broadcast(processes, bytes, bytes, true);
      EXPECT_EQ(coll::detail::choose(Algorithm::automatic, broadcast.traffic),
                expected(TrafficShape::broadcast, processes, bytes));
      // The largest stream decides for all: one long stream among short ones.
      TrafficOf uneven(processes, 8, bytes, false);
      EXPECT_EQ(coll::detail::choose(Algorithm::automatic, uneven.traffic),
                expected(TrafficShape::personalized, processes, bytes));
    }
  }
  // Tiny broadcasts between 2 processes go by the tree's one send, up to 256 B.
  EXPECT_EQ(coll::detail::choose(Algorithm::automatic, TrafficOf(2, 256, 256, true).traffic), Algorithm::binomial);
  EXPECT_EQ(coll::detail::choose(Algorithm::automatic, TrafficOf(2, 257, 257, true).traffic), Algorithm::native);
  // Tiny personalized streams between 2 processes go in one send-receive, up to 1 KiB.
  EXPECT_EQ(coll::detail::choose(Algorithm::automatic, TrafficOf(2, 8, 1024, false).traffic), Algorithm::pairwise);
  EXPECT_EQ(coll::detail::choose(Algorithm::automatic, TrafficOf(2, 8, 1025, false).traffic), Algorithm::flat);
  // Tiny personalized streams among 4 processes take Bruck's rounds, one longer stream does not.
  EXPECT_EQ(coll::detail::choose(Algorithm::automatic, TrafficOf(4, 8, 8, false).traffic), Algorithm::bruck);
  EXPECT_EQ(coll::detail::choose(Algorithm::automatic, TrafficOf(4, 8, 4096, false).traffic), Algorithm::flat);
  // A fixed algorithm is taken as asked.
  EXPECT_EQ(coll::detail::choose(Algorithm::pairwise, TrafficOf(4, 8, 8, false).traffic), Algorithm::pairwise);
}
