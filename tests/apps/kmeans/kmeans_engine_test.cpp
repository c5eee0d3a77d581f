// The engine's k-means gives the hand-computed results and the sequential baseline's, with every
// distribution and reduce mode, at every thread count of the suite (and under mpirun, 2
// processes x 2 threads), whether the job converges or stops at --max-rounds.

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "apps/engine_choices.hpp"
#include "common/job_timer.hpp"
#include "kmeans/baselines.hpp"
#include "kmeans/engine_kmeans.hpp"
#include "point_tables.hpp"
#include "support/spmd.hpp"

namespace apps = pgasmr::apps;
namespace km = pgasmr::apps::kmeans;
namespace kt = pgasmr::apps::kmeans::test;
namespace mr = pgasmr::mr;
using pgasmr::pgas::Context;

using pgasmr::apps::test::describe;
using pgasmr::apps::test::every_choice;

namespace {

void expect_everywhere(const km::KmeansInput& input, const km::Clustering& expected) {
  pgasmr::test::for_each_thread_count([&](Context& me) {
    for (const auto& choice : every_choice()) {
      apps::JobTimer timer(me);
      auto clustering = km::kmeans_engine(me, input, choice, timer);
      EXPECT_EQ(clustering.has_value(), me.thread() == 0) << describe(choice);
      if (clustering) {
        EXPECT_EQ(*clustering, expected) << describe(choice);
      }
    }
  });
}

}  // namespace

TEST(EngineKmeans, HandComputedCases) {
  for (const auto& hand : kt::hand_cases()) {
    SCOPED_TRACE(hand.name);
    expect_everywhere(hand.input, hand.expected);
  }
}

TEST(EngineKmeans, CloudMatchesSequentialConvergedOrStopped) {
  // Converged with blocks of one point (cut for 80 threads), stopped with blocks of several (for
  // 2 threads).
  const std::pair<std::size_t, std::uint64_t> cases[] = {{80, 1000}, {2, 4}};
  for (const auto& [blocks_for_threads, max_rounds] : cases) {
    const auto input = kt::input_of(kt::uniform_cloud(600, 3), 6, max_rounds, blocks_for_threads);
    const auto expected = km::kmeans_sequential(input);
    // It converges after more rounds than 4, so that the limit stops it.
    ASSERT_EQ(expected.rounds > 4, max_rounds > 4) << expected.rounds << " rounds";
    ASSERT_LE(expected.rounds, max_rounds);
    expect_everywhere(input, expected);
  }
}

TEST(EngineKmeans, PhasesAddUpOverTheRounds) {
  const auto input = kt::hand_cases().front().input;  // 3 rounds
  pgasmr::test::for_each_thread_count([&](Context& me) {
    apps::JobTimer timer(me);
    km::kmeans_engine(me, input, {mr::DistributionKind::block, apps::ReduceChoice::no_comm}, timer);
    std::vector<std::string> names;
    for (const auto& phase : timer.phases()) names.push_back(phase.name);
    if (me.thread() == 0) {
      EXPECT_EQ(names, (std::vector<std::string>{"map", "reduce", "merge to thread 0", "broadcast"}));
    } else {
      EXPECT_TRUE(names.empty());
    }
  });
}
