// Iterative jobs: containers cleared and reused from round to round give what fresh containers
// give (the sequential model's sums), with every distribution and reduce mode at every thread count (and under mpirun), while
// each round's input depends on the last round's result, broadcast from thread 0.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <pgasmr/collectives/broadcast.hpp>
#include <pgasmr/mapreduce.hpp>

#include "engine_support.hpp"
#include "support/spmd.hpp"

namespace mr = pgasmr::mr;
namespace pg = pgasmr::pgas;
using pgasmr::test::check_result;

namespace {

constexpr std::uint32_t key_range = 37;
constexpr int rounds = 2;  // the second round maps into the cleared containers

static_assert(mr::ReusableContainer<mr::ArrayContainer<std::uint64_t>>);
static_assert(mr::ReusableContainer<mr::HashContainer<std::uint32_t, std::uint64_t>>);
static_assert(mr::ReusableContainer<mr::ListContainer<std::uint32_t, std::uint64_t>>);

/// Round r maps x to key (x + shift) % 37, value x % 1000: the keys move every round.
std::uint32_t key_of(std::uint32_t x, std::uint64_t shift) { return static_cast<std::uint32_t>((x + shift) % key_range); }
std::uint64_t value_of(std::uint32_t x) { return x % 1000; }

/// The sums of the keys emitted (`dense`: of every key, 0 for the others).
std::map<std::size_t, std::uint64_t> model_sums(const std::vector<std::uint32_t>& input, std::uint64_t shift,
                                                bool dense = true) {
  std::map<std::size_t, std::uint64_t> model;
  if (dense)
    for (std::size_t k = 0; k < key_range; ++k) model[k] = 0;
  for (auto x : input) model[key_of(x, shift)] += value_of(x);
  return model;
}

/// The next round's shift: from the whole result, which only thread 0 is sure to hold.
std::uint64_t next_shift(const std::map<std::size_t, std::uint64_t>& sums) { return sums.at(0) % 11 + 1; }

}  // namespace

TEST(IterativeJob, ClearedContainersGiveWhatFreshOnesGive) {
  const auto input = pgasmr::test::random_numbers(400);
  std::vector<std::uint64_t> weights;
  for (auto x : input) weights.push_back(x % 7 + 1);
  const pgasmr::test::DistributionInputs distributions(weights);
  // The expected shifts and sums of every round, computed sequentially.
  std::vector<std::uint64_t> shifts = {0};
  for (int r = 0; r + 1 < rounds; ++r) shifts.push_back(next_shift(model_sums(input, shifts.back())));

  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (const auto& [name, distribution] : distributions.all()) {
      for (auto mode : pgasmr::test::all_modes(me.threads())) {
        SCOPED_TRACE("distribution " + name + ", mode " + mr::to_string(mode));
        // Filled in the first round and only cleared afterwards.
        mr::ArrayContainer<std::uint64_t> reused_array(key_range);
        mr::HashContainer<std::size_t, std::uint64_t> reused_hash;
        std::vector<std::uint64_t> shift = {0};  // the broadcast state
        for (int r = 0; r < rounds; ++r) {
          SCOPED_TRACE("round " + std::to_string(r));
          EXPECT_EQ(shift[0], shifts[static_cast<std::size_t>(r)]);
          auto map = [&](std::uint32_t x, auto& out) { out.emit(key_of(x, shift[0]), value_of(x)); };
          const auto dense = model_sums(input, shift[0]);
          const auto emitted = model_sums(input, shift[0], false);
          auto array_owner = [&](std::size_t k) { return reused_array.key_owner(k, me.threads()); };
          auto hash_owner = [&](std::size_t k) { return reused_hash.key_owner(k, me.threads()); };

          reused_array.clear();
          mr::apply_map(me, input, map, reused_array, distribution);
          check_result(me, mode, mr::apply_reduce(me, reused_array, mode), dense, mr::sum{}, array_owner);
          mr::ArrayContainer<std::uint64_t> fresh_array(key_range);
          mr::apply_map(me, input, map, fresh_array, distribution);
          check_result(me, mode, mr::apply_reduce(me, fresh_array, mode), dense, mr::sum{}, array_owner);

          reused_hash.clear();
          mr::apply_map(me, input, map, reused_hash, distribution);
          check_result(me, mode, mr::apply_reduce(me, reused_hash, mode), emitted, mr::sum{}, hash_owner);
          mr::HashContainer<std::size_t, std::uint64_t> fresh_hash;
          mr::apply_map(me, input, map, fresh_hash, distribution);
          check_result(me, mode, mr::apply_reduce(me, fresh_hash, mode), emitted, mr::sum{}, hash_owner);

          // Thread 0 decides the next round from the whole result (a root reduce, as an app
          // whose --reduce-mode leaves the result on thread 0 only would) and broadcasts it.
          auto whole = mr::apply_reduce(me, reused_array, mr::root(0));
          if (me.thread() == 0) {
            std::map<std::size_t, std::uint64_t> sums;
            for (const auto& [key, value] : whole) sums[key] = value;
            shift[0] = next_shift(sums);
          }
          pgasmr::coll::broadcast(me, pgasmr::coll::in_place, shift, 1);
        }
      }
    }
  });
}

TEST(IterativeJob, ClearKeepsTheKeysAndTheIdentity) {
  mr::ArrayContainer<int, mr::min> least(3);
  least.emit(1, 5);
  least.clear();
  EXPECT_EQ(least.key_count(), 3u);
  for (int v : least.values()) EXPECT_EQ(v, std::numeric_limits<int>::max());
  least.emit(2, -4);
  EXPECT_EQ(least[2], -4);

  mr::HashContainer<std::string, std::uint64_t> words;
  for (int i = 0; i < 500; ++i) words.emit("w" + std::to_string(i), 1);
  words.clear();
  EXPECT_TRUE(words.empty());
  EXPECT_EQ(words.find("w7"), nullptr);
  words.emit("w7", 2);
  words.emit("w7", 3);
  EXPECT_EQ(words.size(), 1u);
  EXPECT_EQ(*words.find("w7"), 5u);
}
