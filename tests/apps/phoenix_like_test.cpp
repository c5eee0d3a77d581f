// The Phoenix-like baselines' runtime: Phoenix++'s task queue, array and hash containers and
// MapReduceSort's merge.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <utility>
#include <vector>

#include "common/phoenix_like_array_container.hpp"
#include "common/phoenix_like_hash_container.hpp"
#include "common/phoenix_like_sort_merge.hpp"
#include "common/phoenix_like_tasks.hpp"
#include "common/workers.hpp"

namespace apps = pgasmr::apps;

namespace {

/// Every task of `queue` taken by `workers` threads at once, in the order each worker took them.
std::vector<std::vector<apps::PhoenixTask>> take_all(apps::PhoenixTaskQueue& queue, std::size_t workers) {
  std::vector<std::vector<apps::PhoenixTask>> taken(workers);
  apps::run_workers(workers, [&](std::size_t worker) {
    while (auto task = queue.take(worker)) taken[worker].push_back(*task);
  });
  return taken;
}

}  // namespace

TEST(PhoenixTaskQueue, MapTasksCoverEveryElementOnceAtAnyWorkerCount) {
  for (std::size_t workers : {1u, 2u, 3u, 8u})
    for (std::size_t elements : {0u, 1u, 5u, 47u, 1000u}) {
      auto queue = apps::PhoenixTaskQueue::for_map(elements, workers);
      std::vector<int> seen(elements, 0);
      std::size_t tasks = 0;
      for (const auto& mine : take_all(queue, workers))
        for (const auto& task : mine) {
          ++tasks;
          ASSERT_LT(task.first, task.last);
          for (auto i = task.first; i < task.last; ++i) ++seen[i];
        }
      EXPECT_TRUE(std::ranges::all_of(seen, [](int n) { return n == 1; })) << elements << " on " << workers;
      EXPECT_LE(tasks, std::min(elements, workers) * 16) << elements << " on " << workers;
    }
}

TEST(PhoenixTaskQueue, AWorkerTakesItsOwnRunFromTheFrontThenStealsFromTheBack) {
  // 64 elements, 2 workers: 32 tasks of 2, tasks 0-15 queued for worker 0 and 16-31 for worker 1.
  auto queue = apps::PhoenixTaskQueue::for_map(64, 2);
  std::vector<std::size_t> firsts;
  while (auto task = queue.take(1)) firsts.push_back(task->first);
  ASSERT_EQ(firsts.size(), 32u);
  for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(firsts[i], 2 * (16 + i)) << i;       // its own, in order
  for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(firsts[16 + i], 2 * (15 - i)) << i;  // stolen, last first
}

TEST(PhoenixTaskQueue, ReduceTasksAreOnePartitionEach) {
  auto queue = apps::PhoenixTaskQueue::for_reduce(3);
  auto taken = take_all(queue, 3);
  std::vector<std::size_t> partitions;
  for (const auto& mine : taken)
    for (const auto& task : mine) {
      EXPECT_EQ(task.last, task.first + 1);
      partitions.push_back(task.first);
    }
  std::ranges::sort(partitions);
  EXPECT_EQ(partitions, (std::vector<std::size_t>{0, 1, 2}));
}

TEST(PhoenixArrayContainer, ReducesEachKeyOverTheWorkersAndSkipsKeysWithoutValues) {
  const std::size_t keys = 7, workers = 3;
  apps::PhoenixArrayContainer<std::int64_t> container(keys, workers);
  for (std::size_t worker = 0; worker < workers; ++worker) {
    auto combiners = container.get();
    for (std::size_t key = 0; key < keys; ++key)
      if (key != 4) combiners[key].add(static_cast<std::int64_t>(10 * key + worker));
    combiners[1].add(-100);
    container.add(worker, combiners);
  }
  auto lists = container.reduce();
  ASSERT_EQ(lists.size(), workers);
  std::map<std::size_t, std::int64_t> reduced;
  for (const auto& list : lists)
    for (const auto& [key, value] : list)
      EXPECT_TRUE(reduced.emplace(key, value).second) << "key " << key << " twice";
  // Key k sums 10k + 0, 10k + 1 and 10k + 2; key 1 also -100 per worker; key 4 got nothing.
  const std::map<std::size_t, std::int64_t> expected = {{0, 3}, {1, 33 - 300}, {2, 63}, {3, 93}, {5, 153}, {6, 183}};
  EXPECT_EQ(reduced, expected);
}

TEST(PhoenixHashTable, CountsKeysThroughItsGrowth) {
  apps::PhoenixHashTable<std::uint64_t, std::uint64_t, std::hash<std::uint64_t>> table;
  const std::uint64_t distinct = 5000;  // the table starts with 256 slots
  for (std::uint64_t round = 1; round <= 3; ++round)
    for (std::uint64_t key = 0; key < distinct; ++key)
      if (key % round == 0) table[key * 7919].add(key);
  std::map<std::uint64_t, std::uint64_t> held;
  table.for_each([&](std::uint64_t key, const apps::SumCombiner<std::uint64_t>& combiner) {
    EXPECT_FALSE(combiner.empty);
    EXPECT_TRUE(held.emplace(key, combiner.value).second) << "key " << key << " twice";
  });
  ASSERT_EQ(held.size(), distinct);
  for (std::uint64_t key = 0; key < distinct; ++key) {
    const std::uint64_t times = 1 + (key % 2 == 0) + (key % 3 == 0);
    EXPECT_EQ(held[key * 7919], times * key) << key;
  }
}

TEST(PhoenixHashContainer, ReducesEachKeyOnceOverTheWorkers) {
  const std::size_t workers = 3;
  apps::PhoenixHashContainer<std::uint64_t, std::uint64_t, std::hash<std::uint64_t>> container(workers);
  apps::run_workers(workers, [&](std::size_t worker) {
    apps::PhoenixHashTable<std::uint64_t, std::uint64_t, std::hash<std::uint64_t>> table;
    for (std::uint64_t key = worker; key < 1000; ++key) table[key].add(1);  // key k: min(k, 2) + 1 workers
    container.add(worker, table);
  });
  std::map<std::uint64_t, std::uint64_t> reduced;
  for (const auto& list : container.reduce())
    for (const auto& [key, value] : list)
      EXPECT_TRUE(reduced.emplace(key, value).second) << "key " << key << " twice";
  ASSERT_EQ(reduced.size(), 1000u);
  for (std::uint64_t key = 0; key < 1000; ++key) EXPECT_EQ(reduced[key], std::min<std::uint64_t>(key, 2) + 1) << key;
}

TEST(PhoenixSortMerge, SortsStablyAcrossAnyNumberOfLists) {
  using Item = std::pair<int, int>;  // (key, position in the concatenated lists)
  auto by_key = [](const Item& a, const Item& b) { return a.first < b.first; };
  std::mt19937 random(7);
  for (std::size_t count : {1u, 2u, 3u, 5u}) {
    std::vector<std::vector<Item>> lists(count);
    std::vector<Item> all;
    int position = 0;
    for (auto& list : lists) {
      const auto size = static_cast<int>(random() % 40);
      for (int i = 0; i < size; ++i) list.emplace_back(static_cast<int>(random() % 10), position++);
      all.insert(all.end(), list.begin(), list.end());
    }
    std::ranges::stable_sort(all, by_key);
    EXPECT_EQ(apps::phoenix_sort_merge(lists, by_key), all) << count << " lists";
  }
}
