// The in-place forms of the six data-movement collectives (UPC's _in_place and _in_place_priv)
// against the sequential model: one buffer is source and destination, shared (views of every
// block size, at offsets into their arrays) or private (std::vector or std::span), every element
// type, chunk sizes from 0 to 1 MB, every root, permutation and sync mode.

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "collectives/harness.hpp"
#include "collectives/model.hpp"
#include "support/spmd.hpp"

namespace {

using namespace pgasmr::test;
using model::Op;

constexpr std::array<Layout, 8> layouts{{{Block::natural, 0, 0},
                                         {Block::cyclic, 0, 0},
                                         {Block::three, 0, 0},
                                         {Block::indefinite, 0, 0},
                                         {Block::natural, 3, 1},
                                         {Block::cyclic, 2, 2},
                                         {Block::three, 1, 4},
                                         {Block::indefinite, 5, 0}}};
constexpr std::array<std::size_t, 6> counts{1, 7, 0, 3, 11, 2};
constexpr std::array<coll::Sync, 9> syncs{{{coll::InSync::all, coll::OutSync::all},
                                           {coll::InSync::all, coll::OutSync::my},
                                           {coll::InSync::all, coll::OutSync::none},
                                           {coll::InSync::my, coll::OutSync::all},
                                           {coll::InSync::my, coll::OutSync::my},
                                           {coll::InSync::my, coll::OutSync::none},
                                           {coll::InSync::none, coll::OutSync::all},
                                           {coll::InSync::none, coll::OutSync::my},
                                           {coll::InSync::none, coll::OutSync::none}}};

/// `op` in place on a private buffer and on shared views of every layout, for every type.
void every_buffer(Op op) {
  for_each_thread_count([op](pg::Context& me) {
    auto world = Groups::world(me);
    std::uint64_t seed = 100;
    for_each_type([&](auto element) {
      using T = decltype(element);
      // 3 private variants, then the shared layouts
      for (std::size_t v = 0; v < 3 + layouts.size(); ++v) {
        ++seed;
        Case c;
        c.op = op;
        c.in_place = true;
        c.dst = v < 3 ? Kind::priv : Kind::shared;
        c.dst_layout = layouts[v % layouts.size()];
        c.count = counts[seed % counts.size()];
        c.root = static_cast<Root>(seed % 3);
        c.perm = static_cast<Perm>(seed / 3 % 3);
        c.sync = syncs[seed % syncs.size()];
        c.seed = seed;
        c.spans = v % 2 == 1;
        c.slack = v % 3;
        c.algorithm = all_algorithms[seed % all_algorithms.size()];
        run_case<T>(me, world, c);
      }
    });
  });
}

TEST(InPlace, broadcast) { every_buffer(Op::broadcast); }
TEST(InPlace, scatter) { every_buffer(Op::scatter); }
TEST(InPlace, gather) { every_buffer(Op::gather); }
TEST(InPlace, allgather) { every_buffer(Op::allgather); }
TEST(InPlace, exchange) { every_buffer(Op::exchange); }
TEST(InPlace, permute) { every_buffer(Op::permute); }

TEST(InPlace, every_sync_combination) {
  for_each_thread_count([](pg::Context& me) {
    auto world = Groups::world(me);
    std::uint64_t seed = 200;
    for (auto op : model::all_ops)
      for (auto sync : syncs)
        for (auto kind : {Kind::priv, Kind::shared}) {
          Case c;
          c.op = op;
          c.in_place = true;
          c.dst = kind;
          c.dst_layout = layouts[seed % layouts.size()];
          c.count = 4;
          c.root = static_cast<Root>(seed % 3);
          c.perm = Perm::shuffle;
          c.sync = sync;
          c.seed = ++seed;
          run_case<double>(me, world, c);
        }
  });
}

/// The in-place exchange has its own algorithm (the thesis's n / 2 stages of pairwise swaps):
/// every buffer kind, layout, chunk size and sync mode, and odd and even member counts.
TEST(InPlace, exchange_in_pairwise_stages) {
  for_each_thread_count([](pg::Context& me) {
    auto world = Groups::world(me);
    std::uint64_t seed = 500;
    for (auto sync : syncs)
      for (std::size_t v = 0; v < 2 + layouts.size(); ++v) {
        ++seed;
        Case c;
        c.op = Op::exchange;
        c.in_place = true;
        c.dst = v < 2 ? Kind::priv : Kind::shared;
        c.dst_layout = layouts[v % layouts.size()];
        c.count = counts[seed % counts.size()];
        c.sync = sync;
        c.algorithm = coll::Algorithm::pairwise;
        c.seed = seed;
        c.spans = v == 1;
        if (seed % 2)
          run_case<int>(me, world, c);
        else
          run_case<Record>(me, world, c);
      }
  });
}

/// Several in-place calls on separate buffers back to back, with the weakest syncs.
TEST(InPlace, back_to_back_without_barriers) {
  for_each_thread_count([](pg::Context& me) {
    auto world = Groups::world(me);
    std::vector<std::unique_ptr<Step>> steps;
    std::uint64_t seed = 300;
    for (int round = 0; round < 3; ++round)
      for (auto op : model::all_ops) {
        Case c;
        c.op = op;
        c.in_place = true;
        c.dst = seed % 2 ? Kind::shared : Kind::priv;
        c.dst_layout = layouts[seed % layouts.size()];
        c.count = 1 + seed % 5;
        c.root = static_cast<Root>(seed % 3);
        c.perm = Perm::shuffle;
        c.sync = {round == 2 ? coll::InSync::my : coll::InSync::none, round == 1 ? coll::OutSync::my : coll::OutSync::none};
        c.algorithm = all_algorithms[seed % all_algorithms.size()];
        c.seed = ++seed;
        steps.push_back(seed % 3 ? prepare<int>(me, world, c) : prepare<Record>(me, world, c));
      }
    run_chain(me, steps);
  });
}

/// Blocks of 1 MB (in scatter, gather, allgather and exchange, 1 MB per member's block; smaller
/// under sanitizers), at 2 and 3 threads locally (checking every element is the slow part).
TEST(InPlace, large_blocks) {
  auto shapes = under_mpi() ? thread_counts() : std::vector<std::size_t>{2, 3};
  for (auto threads : shapes) {
    SCOPED_TRACE("threads per process: " + std::to_string(threads));
    run_spmd(threads, [](pg::Context& me) {
      auto world = Groups::world(me);
      auto n = static_cast<std::size_t>(me.threads());
      std::uint64_t seed = 400;
      for (auto op : model::all_ops)
        for (auto kind : {Kind::priv, Kind::shared}) {
          bool chunked = op != Op::broadcast && op != Op::permute;
          Case c;
          c.op = op;
          c.in_place = true;
          c.dst = kind;
          c.dst_layout = {Block::natural, seed % 2, 1};
          c.count = large_chunk_bytes / sizeof(double) / (chunked ? n : 1) + 1;
          c.root = static_cast<Root>(seed % 3);
          c.perm = Perm::rotate;
          c.seed = ++seed;
          run_case<double>(me, world, c);
        }
    });
  }
}

}  // namespace
