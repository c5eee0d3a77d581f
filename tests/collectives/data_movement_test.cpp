// The six data-movement collectives on the whole job (the default world team), out of place,
// against the sequential model (model.hpp): every family (standard: shared source and
// destination; get: shared source, private destination; put: private source, shared
// destination; priv: both private), shared views of every block size and at offsets into their
// arrays, every element type, sizes from 0 to 1 MB chunks, every root, every sync mode.

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "collectives/harness.hpp"
#include "collectives/model.hpp"
#include "support/spmd.hpp"

namespace {

using namespace pgasmr::test;
using model::Element;
using model::Op;

// ---- the model against hand-computed examples (3 members, chunks of 2) ------------------------

model::Shape shape(Op op, int root = 0, std::vector<bool> part = {true, true, true}, std::vector<int> perm = {}) {
  return {.op = op, .count = 2, .takes_part = std::move(part), .root = root, .permutation = std::move(perm)};
}

TEST(Model, sizes_follow_the_headers) {
  EXPECT_EQ(model::source_size(shape(Op::broadcast)), 2u);
  EXPECT_EQ(model::destination_size(shape(Op::broadcast)), 2u);
  EXPECT_EQ(model::source_size(shape(Op::scatter)), 6u);
  EXPECT_EQ(model::destination_size(shape(Op::scatter)), 2u);
  EXPECT_EQ(model::source_size(shape(Op::gather)), 2u);
  EXPECT_EQ(model::destination_size(shape(Op::gather)), 6u);
  EXPECT_EQ(model::source_size(shape(Op::allgather)), 2u);
  EXPECT_EQ(model::destination_size(shape(Op::allgather)), 6u);
  EXPECT_EQ(model::source_size(shape(Op::exchange)), 6u);
  EXPECT_EQ(model::destination_size(shape(Op::exchange)), 6u);
  EXPECT_EQ(model::block_size(shape(Op::broadcast)), 2u);
  EXPECT_EQ(model::block_size(shape(Op::permute)), 2u);
  EXPECT_EQ(model::block_size(shape(Op::exchange)), 6u);
  EXPECT_EQ(model::element_at(false, 4, 0, 3, 9), (Element{2, 1}));
  EXPECT_EQ(model::element_at(false, 4, 0, 3, 12), std::nullopt);
  EXPECT_EQ(model::element_at(true, 6, 2, 3, 5), (Element{2, 5}));
  EXPECT_EQ(model::view_index(false, 4, {2, 1}), 9u);
  EXPECT_EQ(model::view_index(true, 6, {2, 5}), 5u);
}

TEST(Model, out_of_place_examples) {
  EXPECT_EQ(model::source_of(shape(Op::broadcast, 1), {2, 1}), (Element{1, 1}));
  EXPECT_EQ(model::source_of(shape(Op::scatter, 2), {1, 0}), (Element{2, 2}));
  EXPECT_EQ(model::source_of(shape(Op::scatter, 2), {1, 1}), (Element{2, 3}));
  EXPECT_EQ(model::source_of(shape(Op::gather, 0), {0, 5}), (Element{2, 1}));
  EXPECT_EQ(model::source_of(shape(Op::gather, 0), {1, 0}), std::nullopt);  // a non-root's destination
  EXPECT_EQ(model::source_of(shape(Op::allgather), {1, 3}), (Element{1, 1}));
  // chunk 2 of member 0's destination is chunk 0 of member 2's source
  EXPECT_EQ(model::source_of(shape(Op::exchange), {0, 5}), (Element{2, 1}));
  EXPECT_EQ(model::source_of(shape(Op::exchange), {2, 1}), (Element{0, 5}));
  EXPECT_EQ(model::source_of(shape(Op::permute, 0, {true, true, true}, {2, 0, 1}), {0, 1}), (Element{1, 1}));
  EXPECT_EQ(model::source_of(shape(Op::permute, 0, {true, true, true}, {2, 0, 1}), {2, 0}), (Element{0, 0}));
  // member 1 takes no part: its chunks and its destination are left alone
  auto filtered = shape(Op::allgather, 0, {true, false, true});
  EXPECT_EQ(model::source_of(filtered, {0, 2}), std::nullopt);
  EXPECT_EQ(model::source_of(filtered, {1, 0}), std::nullopt);
  EXPECT_EQ(model::source_of(filtered, {2, 4}), (Element{2, 0}));
  EXPECT_EQ(model::source_of(shape(Op::broadcast, 0, {true, false, true}), {1, 0}), std::nullopt);
  auto empty = shape(Op::broadcast);
  empty.count = 0;
  EXPECT_EQ(model::source_of(empty, {0, 0}), std::nullopt);
}

TEST(Model, in_place_examples) {
  auto one = [](Op op, int root = 0, std::vector<int> perm = {}) {
    auto s = shape(op, root, {true, true, true}, std::move(perm));
    s.count = 1;
    return s;
  };
  EXPECT_EQ(model::in_place_source_of(one(Op::broadcast, 1), {0, 0}), (Element{1, 0}));
  EXPECT_EQ(model::in_place_source_of(one(Op::broadcast, 1), {1, 0}), std::nullopt);
  EXPECT_EQ(model::in_place_source_of(one(Op::scatter, 1), {0, 0}), (Element{1, 0}));
  EXPECT_EQ(model::in_place_source_of(one(Op::scatter, 1), {0, 1}), std::nullopt);
  EXPECT_EQ(model::in_place_source_of(one(Op::scatter, 1), {1, 1}), std::nullopt);
  EXPECT_EQ(model::in_place_source_of(one(Op::gather, 2), {2, 0}), (Element{0, 0}));
  EXPECT_EQ(model::in_place_source_of(one(Op::gather, 2), {2, 2}), std::nullopt);
  EXPECT_EQ(model::in_place_source_of(one(Op::gather, 2), {0, 1}), std::nullopt);
  EXPECT_EQ(model::in_place_source_of(one(Op::allgather), {0, 2}), (Element{2, 2}));
  EXPECT_EQ(model::in_place_source_of(one(Op::allgather), {1, 1}), std::nullopt);
  EXPECT_EQ(model::in_place_source_of(one(Op::exchange), {0, 2}), (Element{2, 0}));
  EXPECT_EQ(model::in_place_source_of(one(Op::exchange), {2, 1}), (Element{1, 2}));
  EXPECT_EQ(model::in_place_source_of(one(Op::exchange), {1, 1}), std::nullopt);
  EXPECT_EQ(model::in_place_source_of(one(Op::permute, 0, {1, 2, 0}), {0, 0}), (Element{2, 0}));
  EXPECT_EQ(model::in_place_source_of(one(Op::permute, 0, {0, 2, 1}), {0, 0}), std::nullopt);
}

// ---- the collectives ---------------------------------------------------------------------------

/// Shared views: every block size, at the start of the array or inside it.
constexpr std::array<Layout, 8> layouts{{{Block::natural, 0, 0},
                                         {Block::cyclic, 0, 0},
                                         {Block::three, 0, 0},
                                         {Block::indefinite, 0, 0},
                                         {Block::natural, 5, 2},
                                         {Block::cyclic, 1, 3},
                                         {Block::three, 4, 1},
                                         {Block::indefinite, 2, 1}}};
/// Chunk sizes: empty, one element, odd and uneven ones (against blocks of 3 and thread counts).
constexpr std::array<std::size_t, 8> counts{1, 7, 13, 0, 5, 2, 9, 4};

struct Family {
  Kind src, dst;
};
constexpr std::array<Family, 4> families{{{Kind::priv, Kind::priv},       // priv
                                          {Kind::shared, Kind::priv},     // get
                                          {Kind::priv, Kind::shared},     // put
                                          {Kind::shared, Kind::shared}}};  // standard

/// `op` in every family, element type, layout, chunk size, root and permutation.
void every_family(Op op) {
  for_each_thread_count([op](pg::Context& me) {
    auto world = Groups::world(me);
    std::uint64_t seed = 0;
    std::size_t type_index = 0;
    for_each_type([&](auto element) {
      using T = decltype(element);
      for (auto family : families) {
        auto variants = family.src == Kind::priv && family.dst == Kind::priv ? 4 : layouts.size();
        for (std::size_t l = 0; l < variants; ++l) {
          ++seed;
          Case c;
          c.op = op;
          c.src = family.src;
          c.dst = family.dst;
          c.src_layout = layouts[l];
          c.dst_layout = layouts[(l + 3) % layouts.size()];
          c.count = counts[(l + 3 * type_index) % counts.size()];
          c.root = static_cast<Root>(seed % 3);
          c.perm = static_cast<Perm>(seed / 3 % 3);
          c.seed = seed;
          c.spans = seed % 2 == 0;
          c.lean = seed / 2 % 2 == 0;
          c.slack = seed % 3;
          c.algorithm = all_algorithms[seed / 2 % all_algorithms.size()];
          run_case<T>(me, world, c);
        }
      }
      ++type_index;
    });
  });
}

TEST(DataMovement, broadcast_every_family) { every_family(Op::broadcast); }
TEST(DataMovement, scatter_every_family) { every_family(Op::scatter); }
TEST(DataMovement, gather_every_family) { every_family(Op::gather); }
TEST(DataMovement, allgather_every_family) { every_family(Op::allgather); }
TEST(DataMovement, exchange_every_family) { every_family(Op::exchange); }
TEST(DataMovement, permute_every_family) { every_family(Op::permute); }

TEST(DataMovement, every_root) {
  // Every thread as the root, not only the first, last and middle ones: the whole job as one
  // team ranked from thread `shift` on, whose rank 0 (Root::first) is that thread.
  for_each_thread_count([](pg::Context& me) {
    auto threads = me.threads();
    for (int shift = 0; shift < threads; ++shift) {
      Split split(me, [](pg::thread_id, int) { return 0; },
                  [shift](pg::thread_id t, int n) { return (t - shift + n) % n; });
      auto groups = split.groups();
      std::uint64_t seed = 1000 + static_cast<std::uint64_t>(shift) * 10;
      for (auto op : {Op::broadcast, Op::scatter, Op::gather}) {
        for (auto family : families) {
          Case c;
          c.op = op;
          c.src = family.src;
          c.dst = family.dst;
          c.src_layout = layouts[seed % layouts.size()];
          c.dst_layout = layouts[(seed + 1) % layouts.size()];
          c.count = 3;
          c.seed = ++seed;
          run_case<int>(me, groups, c);
        }
      }
    }
  });
}

TEST(DataMovement, every_sync_combination) {
  const coll::InSync ins[] = {coll::InSync::all, coll::InSync::my, coll::InSync::none};
  const coll::OutSync outs[] = {coll::OutSync::all, coll::OutSync::my, coll::OutSync::none};
  for_each_thread_count([&](pg::Context& me) {
    auto world = Groups::world(me);
    std::uint64_t seed = 2000;
    for (auto op : model::all_ops)
      for (auto in : ins)
        for (auto out : outs)
          for (auto family : families) {
            Case c;
            c.op = op;
            c.src = family.src;
            c.dst = family.dst;
            c.src_layout = layouts[seed % layouts.size()];
            c.dst_layout = layouts[(seed + 5) % layouts.size()];
            c.count = 5;
            c.root = static_cast<Root>(seed % 3);
            c.perm = Perm::shuffle;
            c.sync = {in, out};
            c.seed = ++seed;
            if (in == coll::InSync::none && family.src == Kind::shared) c.late_process = 1;  // under mpirun
            if (seed % 2)
              run_case<int>(me, world, c);
            else
              run_case<Record>(me, world, c);
          }
  });
}

/// Every inter-process algorithm (they differ only between processes, i.e. under mpirun), with
/// chunks that fit in one message and chunks that take several of the binomial tree's 64 KiB
/// segments.
TEST(DataMovement, every_algorithm) {
  for_each_thread_count([](pg::Context& me) {
    auto world = Groups::world(me);
    std::uint64_t seed = 6000;
    for (auto algorithm : all_algorithms)
      for (auto op : model::all_ops)
        for (auto family : families) {
          ++seed;
          Case c;
          c.op = op;
          c.src = family.src;
          c.dst = family.dst;
          c.src_layout = layouts[seed % layouts.size()];
          c.dst_layout = layouts[(seed + 1) % layouts.size()];
          c.root = static_cast<Root>(seed % 3);
          c.perm = Perm::shuffle;
          c.algorithm = algorithm;
          c.seed = seed;
          c.count = 5;
          run_case<int>(me, world, c);
        }
  });
  // Chunks of several segments, in the broadcast-shaped operations: only under mpirun, where
  // the algorithms differ (large_chunks covers them in one process).
  if (!under_mpi()) return;
  for (auto threads : thread_counts()) {
    SCOPED_TRACE("threads per process: " + std::to_string(threads));
    run_spmd(threads, [](pg::Context& me) {
      auto world = Groups::world(me);
      std::uint64_t seed = 7000;
      for (auto algorithm : all_algorithms)
        for (auto op : {Op::broadcast, Op::scatter, Op::gather})
          for (auto family : {families[0], families[3]}) {
            Case c;
            c.op = op;
            c.src = family.src;
            c.dst = family.dst;
            c.src_layout = {Block::natural, seed % 2, 0};
            c.dst_layout = {Block::natural, 0, 1};
            c.root = static_cast<Root>(seed % 3);
            c.algorithm = algorithm;
            c.seed = ++seed;
            c.count = 40001;  // 160 KB chunks
            run_case<int>(me, world, c);
          }
    });
  }
}

/// Chunks of 1 MB (and odd sizes just above; smaller under sanitizers, see large_chunk_bytes).
/// Checking every element of these is the slow part, so locally at 2 and 3 threads only (the
/// other tests cover the other counts).
TEST(DataMovement, large_chunks) {
  auto shapes = under_mpi() ? thread_counts() : std::vector<std::size_t>{2, 3};
  for (auto threads : shapes) {
    SCOPED_TRACE("threads per process: " + std::to_string(threads));
    run_spmd(threads, [](pg::Context& me) {
    auto world = Groups::world(me);
    auto n = static_cast<std::size_t>(me.threads());
    std::uint64_t seed = 3000;
    for (auto op : model::all_ops) {
      for (auto family : families) {
        ++seed;
        bool squared = op == Op::allgather || op == Op::exchange;  // n * n chunks in all
        Case c;
        c.op = op;
        c.src = family.src;
        c.dst = family.dst;
        c.root = static_cast<Root>(seed % 3);
        c.perm = Perm::rotate;
        c.seed = seed;
        c.spans = seed % 2 == 0;
        c.src_layout = {Block::natural, seed % 2, 1};
        c.dst_layout = {Block::natural, 0, seed % 3};
        // 1 MB chunks of doubles (in allgather and exchange, 1 MB per member); bytes, a quarter of it
        if (seed % 2) {
          c.count = large_chunk_bytes / sizeof(double) / (squared ? n : 1) + 3;
          run_case<double>(me, world, c);
        } else {
          c.count = large_chunk_bytes / 4 / (squared ? n : 1) + 1;
          run_case<std::byte>(me, world, c);
        }
      }
    }
    });
  }
}

/// Rooted operations with a different root each time, back to back.
TEST(DataMovement, rooted_operations_in_a_row) {
  for_each_thread_count([](pg::Context& me) {
    auto world = Groups::world(me);
    std::vector<std::unique_ptr<Step>> steps;
    std::uint64_t seed = 4000;
    for (auto op : {Op::broadcast, Op::scatter, Op::gather})
      for (auto root : {Root::first, Root::last, Root::middle, Root::last, Root::first})
        for (auto family : families) {
          Case c;
          c.op = op;
          c.src = family.src;
          c.dst = family.dst;
          c.src_layout = layouts[seed % layouts.size()];
          c.dst_layout = layouts[(seed + 2) % layouts.size()];
          c.count = 1 + seed % 4;
          c.root = root;
          c.seed = ++seed;
          steps.push_back(prepare<double>(me, world, c));
        }
    run_chain(me, steps);
  });
}

/// Options::team naming the world team explicitly is the same as the default, and so is
/// Addressing::thread_ids on the world team (every thread a member).
TEST(DataMovement, explicit_world_team_and_thread_ids) {
  for_each_thread_count([](pg::Context& me) {
    auto world = Groups::world(me);
    std::uint64_t seed = 5000;
    for (auto op : model::all_ops)
      for (auto family : families)
        for (bool explicit_world : {true, false}) {
          Case c;
          c.op = op;
          c.src = family.src;
          c.dst = family.dst;
          c.count = 6;
          c.root = Root::last;
          c.perm = Perm::shuffle;
          c.explicit_world = explicit_world;
          c.addressing = explicit_world && seed % 2 ? coll::Addressing::team_ranks : coll::Addressing::thread_ids;
          c.seed = ++seed;
          run_case<int>(me, world, c);
        }
  });
}

}  // namespace
