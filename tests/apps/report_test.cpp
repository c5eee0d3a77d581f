// What the apps report: the engine's time and the outcome of --verify.

#include <gtest/gtest.h>

#include "common/report.hpp"

namespace apps = pgasmr::apps;

TEST(Report, EngineTimeLeavesOutLoadAndOutput) {
  std::vector<apps::PhaseTime> phases = {{"load", 1.0}, {"map", 0.5}, {"reduce", 0.25}, {"sort by count", 0.125},
                                         {"output", 2.0}};
  EXPECT_DOUBLE_EQ(apps::engine_seconds(phases), 0.875);
}

TEST(Report, VerificationFailsOnAnyDifference) {
  EXPECT_EQ(apps::report_verification(stdout, "app", {}), 0);
  EXPECT_EQ(apps::report_verification(stdout, "app", {{"the engine", ""}, {"the phoenix-like baseline", ""}}), 0);
  EXPECT_EQ(apps::report_verification(stdout, "app", {{"the engine", ""}, {"the phoenix-like baseline", "X: 1 instead of 2"}}), 1);
  EXPECT_EQ(apps::report_verification(stdout, "app", {{"the engine", "X: missing"}}), 1);
}
