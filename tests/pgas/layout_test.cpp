// BlockCyclicLayout and shared_array<T> against UPC's `shared [B] T a[N]`: where every element
// lives (owner, phase, local index), checked against an independent model, and then used for
// real from every thread of a running job.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/block_cyclic.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/forall.hpp>
#include <pgasmr/pgas/shared_array.hpp>

#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;

namespace {

constexpr std::size_t sizes[] = {0, 1, 7, 100, 1001};
constexpr int thread_counts[] = {1, 2, 3, 4, 8};

/// Block sizes to test for an array of n elements: indefinite (0), 1, 3, 8 and n itself.
std::vector<std::size_t> blocks_for(std::size_t n) { return {0, 1, 3, 8, n}; }

/// UPC's layout computed the way the specification describes it, independently of the
/// library's arithmetic: deal the blocks out in order, block k to thread k % THREADS, each
/// thread appending the elements it receives to its local storage.
struct UpcModel {
  std::vector<int> owner;
  std::vector<std::size_t> phase;
  std::vector<std::size_t> local_index;
  std::vector<std::vector<std::size_t>> locals;  // per thread: global indices in local order
};

UpcModel upc_model(std::size_t n, std::size_t block, int threads) {
  UpcModel m;
  m.locals.resize(static_cast<std::size_t>(threads));
  auto place = [&](std::size_t i, int thread, std::size_t phase) {
    auto& local = m.locals[static_cast<std::size_t>(thread)];
    m.owner.push_back(thread);
    m.phase.push_back(phase);
    m.local_index.push_back(local.size());
    local.push_back(i);
  };
  if (block == 0) {
    // `shared [] T a[N]`: one indefinite block on thread 0; its phase is always 0 (UPC 1.2+).
    for (std::size_t i = 0; i < n; ++i) place(i, 0, 0);
    return m;
  }
  std::size_t k = 0;
  for (std::size_t start = 0; start < n; start += block, ++k)
    for (std::size_t i = start; i < std::min(n, start + block); ++i) place(i, static_cast<int>(k % static_cast<std::size_t>(threads)), i - start);
  return m;
}

std::size_t model_capacity(const UpcModel& m) {
  std::size_t capacity = 0;
  for (const auto& local : m.locals) capacity = std::max(capacity, local.size());
  return capacity;
}

/// Compares every query of `layout` with the model; reports the first mismatch only.
testing::AssertionResult matches_model(const pg::BlockCyclicLayout& layout, const UpcModel& m) {
  auto n = layout.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (layout.owner(i) != m.owner[i])
      return testing::AssertionFailure() << "owner(" << i << ") = " << layout.owner(i) << ", UPC: " << m.owner[i];
    if (layout.phase(i) != m.phase[i])
      return testing::AssertionFailure() << "phase(" << i << ") = " << layout.phase(i) << ", UPC: " << m.phase[i];
    if (layout.local_index(i) != m.local_index[i])
      return testing::AssertionFailure() << "local_index(" << i << ") = " << layout.local_index(i)
                                         << ", UPC: " << m.local_index[i];
  }
  for (int t = 0; t < layout.threads(); ++t) {
    const auto& local = m.locals[static_cast<std::size_t>(t)];
    if (layout.local_size(t) != local.size())
      return testing::AssertionFailure() << "local_size(" << t << ") = " << layout.local_size(t)
                                         << ", UPC: " << local.size();
    for (std::size_t l = 0; l < local.size(); ++l)
      if (layout.global_index(t, l) != local[l])
        return testing::AssertionFailure() << "global_index(" << t << ", " << l << ") = " << layout.global_index(t, l)
                                           << ", UPC: " << local[l];
  }
  if (layout.local_capacity() != model_capacity(m))
    return testing::AssertionFailure() << "local_capacity() = " << layout.local_capacity()
                                       << ", largest local size: " << model_capacity(m);
  return testing::AssertionSuccess();
}

std::string shape(std::size_t n, std::size_t block, int threads) {
  return "shared [" + std::to_string(block) + "] T a[" + std::to_string(n) + "], THREADS " + std::to_string(threads);
}

/// A value that names element i, so a read proves it came from the right place.
std::int64_t value_of(std::size_t i, std::int64_t round) { return static_cast<std::int64_t>(i) * 1000 + round; }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Pure layout: no runtime needed.

TEST(BlockCyclicLayout, matches_upc_for_every_shape) {
  for (auto n : sizes)
    for (auto block : blocks_for(n))
      for (int threads : thread_counts) {
        SCOPED_TRACE(shape(n, block, threads));
        pg::BlockCyclicLayout layout(n, block, threads);
        EXPECT_EQ(layout.size(), n);
        EXPECT_EQ(layout.block(), block);
        EXPECT_EQ(layout.threads(), threads);
        EXPECT_TRUE(matches_model(layout, upc_model(n, block, threads)));
      }
}

TEST(BlockCyclicLayout, worked_example_block_3_on_2_threads) {
  // shared [3] int a[10] on 2 threads: t0 holds 0 1 2 | 6 7 8, t1 holds 3 4 5 | 9.
  pg::BlockCyclicLayout layout(10, 3, 2);
  EXPECT_EQ(layout.owner(7), 0);
  EXPECT_EQ(layout.phase(7), 1u);
  EXPECT_EQ(layout.local_index(7), 4u);
  EXPECT_EQ(layout.owner(9), 1);
  EXPECT_EQ(layout.phase(9), 0u);
  EXPECT_EQ(layout.local_index(9), 3u);
  EXPECT_EQ(layout.local_size(0), 6u);
  EXPECT_EQ(layout.local_size(1), 4u);
  EXPECT_EQ(layout.global_index(1, 3), 9u);
  EXPECT_EQ(layout.local_capacity(), 6u);
}

TEST(BlockCyclicLayout, indefinite_block_puts_everything_on_thread_0_with_phase_0) {
  pg::BlockCyclicLayout layout(5, 0, 4);
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(layout.owner(i), 0);
    EXPECT_EQ(layout.phase(i), 0u) << "UPC defines the phase of an indefinite block size as 0";
    EXPECT_EQ(layout.local_index(i), i);
  }
  EXPECT_EQ(layout.local_size(0), 5u);
  for (int t = 1; t < 4; ++t) EXPECT_EQ(layout.local_size(t), 0u);
  EXPECT_EQ(layout.local_capacity(), 5u);
}

TEST(BlockCyclicLayout, block_larger_than_the_array_is_one_partial_block) {
  // Also a block so large that rounding the element count up to whole blocks would overflow.
  for (std::size_t block : {std::size_t{8}, std::size_t{1} << 40, std::numeric_limits<std::size_t>::max()}) {
    SCOPED_TRACE("block " + std::to_string(block));
    pg::BlockCyclicLayout layout(7, block, 3);
    EXPECT_TRUE(matches_model(layout, upc_model(7, block, 3)));
    EXPECT_EQ(layout.local_size(0), 7u);
    EXPECT_EQ(layout.local_size(1), 0u);
    EXPECT_EQ(layout.local_capacity(), 7u);
  }
}

TEST(BlockCyclicLayout, local_capacity_covers_the_fullest_thread_only) {
  // 7 elements in blocks of 3 on one thread: 3 + 3 + 1 elements, not three whole blocks.
  EXPECT_EQ(pg::BlockCyclicLayout(7, 3, 1).local_capacity(), 7u);
  // 100 elements in blocks of 8 on 3 threads: 13 blocks, thread 0 gets 5 of them.
  EXPECT_EQ(pg::BlockCyclicLayout(100, 8, 3).local_capacity(), 36u);
  EXPECT_EQ(pg::BlockCyclicLayout(0, 8, 3).local_capacity(), 0u);
}

TEST(BlockCyclicLayout, out_of_range_queries_throw) {
  for (auto n : sizes)
    for (auto block : blocks_for(n)) {
      SCOPED_TRACE(shape(n, block, 3));
      pg::BlockCyclicLayout layout(n, block, 3);
      EXPECT_THROW((void)layout.owner(n), pgasmr::error);
      EXPECT_THROW((void)layout.phase(n), pgasmr::error);
      EXPECT_THROW((void)layout.local_index(n + 5), pgasmr::error);
      EXPECT_THROW((void)layout.local_size(-1), pgasmr::error);
      EXPECT_THROW((void)layout.local_size(3), pgasmr::error);
      EXPECT_THROW((void)layout.global_index(-1, 0), pgasmr::error);
      EXPECT_THROW((void)layout.global_index(3, 0), pgasmr::error);
      for (int t = 0; t < 3; ++t) EXPECT_THROW((void)layout.global_index(t, layout.local_size(t)), pgasmr::error);
    }
}

TEST(BlockCyclicLayout, error_names_the_index_and_size) {
  pg::BlockCyclicLayout layout(7, 3, 2);
  try {
    (void)layout.owner(7);
    ADD_FAILURE() << "owner(7) did not throw";
  } catch (const pgasmr::error& e) {
    EXPECT_NE(std::string(e.what()).find("index 7"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("7 elements"), std::string::npos) << e.what();
    EXPECT_EQ(e.thread(), -1) << "outside a job no PGAS thread is named";
  }
}

TEST(BlockCyclicLayout, needs_at_least_one_thread) {
  EXPECT_THROW(pg::BlockCyclicLayout(10, 2, 0), pgasmr::error);
  EXPECT_THROW(pg::BlockCyclicLayout(10, 2, -4), pgasmr::error);
}

// ---------------------------------------------------------------------------------------------
// shared_array in a running job.

TEST(SharedArray, addresses_follow_the_layout) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    for (auto n : sizes)
      for (auto block : blocks_for(n)) {
        SCOPED_TRACE(shape(n, block, me.threads()));
        pg::shared_array<std::int64_t> a(me, n, block);
        auto model = upc_model(n, block, me.threads());
        EXPECT_EQ(a.size(), n);
        EXPECT_EQ(a.block(), block);
        EXPECT_TRUE(matches_model(a.layout(), model));
        for (std::size_t i = 0; i < n; ++i) {
          auto p = a.ptr(i);
          EXPECT_EQ(p.where(), model.owner[i]);
          EXPECT_EQ(a.owner(i), model.owner[i]);
          EXPECT_EQ(a.phase(i), model.phase[i]);
          EXPECT_EQ(p, a.local_part(model.owner[i]) + static_cast<std::ptrdiff_t>(model.local_index[i]));
          EXPECT_EQ(a[i].ptr(), p);
        }
        // Every thread's part starts at the same offset (a symmetric allocation).
        for (int t = 0; t < me.threads(); ++t) {
          EXPECT_EQ(a.local_part(t).where(), t);
          EXPECT_EQ(a.local_part(t).offset(), a.local_part(0).offset());
        }
        // Privatization: local() is exactly this thread's elements, at their shared addresses.
        auto local = a.local();
        const auto& mine = model.locals[static_cast<std::size_t>(me.thread())];
        EXPECT_EQ(local.size(), mine.size());
        for (std::size_t l = 0; l < std::min(local.size(), mine.size()); ++l)
          EXPECT_EQ(a.ptr(mine[l]).local(me), &local[l]);
        EXPECT_THROW((void)a.ptr(n), pgasmr::error);
      }
  });
}

TEST(SharedArray, every_thread_reads_and_writes_elements_owned_by_others) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto threads = static_cast<std::size_t>(me.threads());
    auto self = static_cast<std::size_t>(me.thread());
    for (std::size_t block : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{8}}) {
      const std::size_t n = 100;
      SCOPED_TRACE(shape(n, block, me.threads()));
      pg::shared_array<std::int64_t> a(me, n, block);
      // Round 1 (put): element i is written by the thread after its owner, so with two or more
      // threads every write goes to another thread's memory.
      auto writer = [&](std::size_t i, std::size_t shift) { return (static_cast<std::size_t>(a.owner(i)) + shift) % threads; };
      for (std::size_t i = 0; i < n; ++i)
        if (writer(i, 1) == self) a.put(i, value_of(i, 1));
      me.barrier();
      for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(a.get(i), value_of(i, 1)) << "element " << i;
      // The owner sees the writes of others in its private view too.
      auto local = a.local();
      for (std::size_t l = 0; l < local.size(); ++l)
        EXPECT_EQ(local[l], value_of(a.layout().global_index(me.thread(), l), 1));
      me.barrier();

      // Round 2 (operator[]): another writer per element, read back through operator[].
      for (std::size_t i = 0; i < n; ++i)
        if (writer(i, 2) == self) a[i] = value_of(i, 2);
      me.barrier();
      for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(static_cast<std::int64_t>(a[i]), value_of(i, 2)) << "element " << i;
      me.barrier();

      // Round 3 (privatized writes by the owner, shared_ref to shared_ref copies by others).
      for (auto& x : a.local()) x = -x;
      me.barrier();
      if (me.thread() == 0 && n >= 2) a[0] = a[n - 1];
      me.barrier();
      for (std::size_t i = 1; i < n; ++i) EXPECT_EQ(a.get(i), -value_of(i, 2)) << "element " << i;
      EXPECT_EQ(a.get(0), -value_of(n - 1, 2));
    }
  });
}

TEST(SharedArray, forall_over_an_array_visits_each_owned_element_once_in_order) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    for (auto n : sizes)
      for (auto block : blocks_for(n)) {
        SCOPED_TRACE(shape(n, block, me.threads()));
        pg::shared_array<std::int64_t> a(me, n, block);
        for (std::size_t l = 0; l < a.local().size(); ++l) a.local()[l] = 0;
        me.barrier();

        std::vector<std::size_t> visited;
        pg::forall(me, a, [&](std::size_t i, std::int64_t& element) {
          visited.push_back(i);
          EXPECT_EQ(a.owner(i), me.thread()) << "element " << i;
          EXPECT_EQ(&element, a.ptr(i).local(me)) << "element " << i;
          element += 1;
        });
        EXPECT_EQ(visited, upc_model(n, block, me.threads()).locals[static_cast<std::size_t>(me.thread())]);
        me.barrier();
        // Each element was incremented by its owner only, exactly once.
        for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(a.get(i), 1) << "element " << i;
      }
  });
}

TEST(SharedArray, forall_over_integers_runs_iteration_i_on_thread_i_mod_threads) {
  const std::pair<std::size_t, std::size_t> ranges[] = {{0, 0}, {0, 1}, {0, 100}, {5, 37}, {13, 13}, {7, 8}, {3, 101}, {10, 5}};
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    auto threads = static_cast<std::size_t>(me.threads());
    for (auto [begin, end] : ranges) {
      SCOPED_TRACE("forall [" + std::to_string(begin) + ", " + std::to_string(end) + ")");
      pg::shared_array<std::int64_t> visits(me, 128, 1);
      for (auto& v : visits.local()) v = 0;
      me.barrier();
      std::size_t previous = 0;
      bool first = true;
      pg::forall(me, begin, end, [&](std::size_t i) {
        EXPECT_EQ(i % threads, static_cast<std::size_t>(me.thread())) << "iteration " << i;
        EXPECT_TRUE(first || i > previous) << "iterations run in increasing order";
        first = false;
        previous = i;
        pg::atomic_fetch_add(me, visits.ptr(i), std::int64_t{1});
      });
      me.barrier();
      for (std::size_t i = 0; i < visits.size(); ++i) {
        std::int64_t expected = i >= begin && i < end ? 1 : 0;
        EXPECT_EQ(pg::atomic_load(me, visits.ptr(i)), expected) << "iteration " << i;
      }
    }
  });
}

TEST(SharedArray, huge_block_size_allocates_only_what_the_array_needs) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    pg::shared_array<std::int64_t> a(me, 7, std::numeric_limits<std::size_t>::max());
    EXPECT_EQ(a.local().size(), me.thread() == 0 ? 7u : 0u);
    if (me.thread() == me.threads() - 1)
      for (std::size_t i = 0; i < 7; ++i) a.put(i, value_of(i, 0));
    me.barrier();
    for (std::size_t i = 0; i < 7; ++i) EXPECT_EQ(a.get(i), value_of(i, 0));
  });
}
