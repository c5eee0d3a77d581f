// The engine's reverse index gives the sequential baseline's result with every distribution and
// reduce mode at every thread count of the suite (and under mpirun, 2 processes x 2 threads).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/job_timer.hpp"
#include "revindex/baselines.hpp"
#include "revindex/engine_revindex.hpp"
#include "sample_pages.hpp"
#include "support/spmd.hpp"

namespace apps = pgasmr::apps;
namespace ri = pgasmr::apps::revindex;
namespace ds = pgasmr::datasets;
namespace mr = pgasmr::mr;
using pgasmr::pgas::Context;

namespace {

void expect_engine_gives(const ds::TextInput& input, const ri::LinkIndex& expected) {
  pgasmr::test::for_each_thread_count([&](Context& me) {
    for (auto distribution : {mr::DistributionKind::block, mr::DistributionKind::cyclic, mr::DistributionKind::balanced,
                              mr::DistributionKind::best_fit, mr::DistributionKind::dynamic})
      for (auto reduce : {apps::ReduceChoice::no_comm, apps::ReduceChoice::all, apps::ReduceChoice::root,
                          apps::ReduceChoice::by_key}) {
        apps::JobTimer timer(me);
        auto index = ri::reverse_index_engine(me, input, {distribution, reduce}, timer);
        EXPECT_EQ(index.has_value(), me.thread() == 0);
        if (index) {
          EXPECT_EQ(*index, expected) << mr::to_string(distribution) << " + " << apps::to_string(reduce);
        }
      }
  });
}

}  // namespace

TEST(EngineRevindex, HandComputed) {
  const auto input = ds::TextInput::in_memory(
      {R"(<a href="x"> <a href="x"> <a href="y">)", "", R"(<A HREF='y'> <a href="z">)"}, UINT64_MAX,
      ds::cut_after_newline);
  const std::vector<std::pair<std::string, ri::FileList>> hand = {{"x", {0}}, {"y", {0, 2}}, {"z", {2}}};
  const auto expected = ri::LinkIndex::from_pairs({"text 1", "text 2", "text 3"}, hand);
  ASSERT_EQ(ri::reverse_index_sequential(input), expected);
  expect_engine_gives(input, expected);
}

TEST(EngineRevindex, RandomPagesMatchTheSequentialBaseline) {
  const auto input = apps::test::sample_pages(4, 60);
  const auto expected = ri::reverse_index_sequential(input);
  ASSERT_GT(expected.entries().size(), 20u);
  expect_engine_gives(input, expected);
}

TEST(EngineRevindex, NoPages) {
  expect_engine_gives(ds::TextInput::in_memory({"", "no links"}, UINT64_MAX, ds::cut_after_newline),
                      ri::LinkIndex::from_pairs({"text 1", "text 2"}, std::vector<std::pair<std::string, ri::FileList>>{}));
}
