// The engine's string match gives the sequential baseline's result (checked against grep in
// stringmatch_test) with every distribution and reduce mode at every thread count of the suite
// (and under mpirun, 2 processes x 2 threads).

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "apps/engine_choices.hpp"
#include "common/job_timer.hpp"
#include "sample_inputs.hpp"
#include "stringmatch/baselines.hpp"
#include "stringmatch/engine_string_match.hpp"
#include "support/spmd.hpp"

namespace apps = pgasmr::apps;
namespace sm = pgasmr::apps::stringmatch;
namespace ds = pgasmr::datasets;
namespace mr = pgasmr::mr;
using pgasmr::pgas::Context;

using pgasmr::apps::test::describe;
using pgasmr::apps::test::every_choice;

namespace {

void expect_engine_gives(const sm::StringMatchInput& input, const sm::LineMatches& expected) {
  pgasmr::test::for_each_thread_count([&](Context& me) {
    for (const auto& choice : every_choice()) {
      apps::JobTimer timer(me);
      auto matches = sm::match_lines_engine(me, input, choice, timer);
      EXPECT_EQ(matches.has_value(), me.thread() == 0);
      if (matches) {
        EXPECT_EQ(*matches, expected) << mr::to_string(choice.distribution) << " + " << apps::to_string(choice.reduce);
      }
    }
  });
}

}  // namespace

TEST(EngineStringMatch, HandComputed) {
  const sm::StringMatchInput input{sm::KeySet({"k", "two words"}),
                                   ds::TextInput::in_memory({"k\nno\nk2 k\n", "", "x\ntwo words.\nlast k"}, 3,
                                                            ds::cut_after_newline)};
  const sm::LineMatches expected({"text 1", "text 2", "text 3"},
                                 {{0, 1, "k"}, {0, 3, "k2 k"}, {2, 2, "two words."}, {2, 3, "last k"}});
  ASSERT_EQ(sm::match_lines_sequential(input), expected);
  expect_engine_gives(input, expected);
}

TEST(EngineStringMatch, RandomInputsMatchTheSequentialBaseline) {
  std::mt19937 random(5);
  std::vector<std::string> texts;
  for (int i = 0; i < 5; ++i) texts.push_back(apps::test::random_text(random, 400));
  const sm::StringMatchInput input{sm::KeySet(apps::test::random_keys(random, false)),
                                   ds::TextInput::in_memory(texts, 256, ds::cut_after_newline)};
  const auto expected = sm::match_lines_sequential(input);
  ASSERT_FALSE(expected.lines().empty());
  expect_engine_gives(input, expected);
}

TEST(EngineStringMatch, LongLines) {
  const std::string long_line = "k " + std::string(sm::carried_line_bytes, 'x');
  const sm::StringMatchInput input{sm::KeySet({"k"}),
                                   ds::TextInput::in_memory({"a\n" + long_line + "\nk\n" + long_line, long_line}, 64,
                                                            ds::cut_after_newline)};
  const auto expected = sm::match_lines_sequential(input);
  ASSERT_EQ(expected.lines().size(), 4u);
  EXPECT_EQ(expected.lines()[3].long_line, (sm::LinePlace{0, long_line.size()}));
  expect_engine_gives(input, expected);
}

TEST(EngineStringMatch, EmptyInput) {
  const sm::StringMatchInput input{sm::KeySet({"k"}), ds::TextInput::in_memory({""}, 16, ds::cut_after_newline)};
  expect_engine_gives(input, sm::LineMatches({"text 1"}, {}));
}

TEST(EngineStringMatch, PhasesAreTimedOnThreadZero) {
  const sm::StringMatchInput input{sm::KeySet({"k"}), ds::TextInput::in_memory({"k\n"}, 16, ds::cut_after_newline)};
  pgasmr::test::for_each_thread_count([&](Context& me) {
    apps::JobTimer timer(me);
    sm::match_lines_engine(me, input, {mr::DistributionKind::block, apps::ReduceChoice::no_comm}, timer);
    std::vector<std::string> names;
    for (const auto& phase : timer.phases()) names.push_back(phase.name);
    if (me.thread() == 0) {
      EXPECT_EQ(names, (std::vector<std::string>{"map", "reduce", "merge to thread 0", "number lines"}));
    } else {
      EXPECT_TRUE(names.empty());
    }
  });
}
