// What the apps report: the engine's time and the outcome of --verify.

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "common/difference_report.hpp"
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

TEST(Report, InputNamesAreShownEscaped) {
  apps::AppOptions options;
  options.inputs = {"odd\nname.txt"};
  std::FILE* to = std::tmpfile();
  ASSERT_NE(to, nullptr);
  apps::print_run(to, "app", options, {.bytes = 3}, 1, 1);
  std::rewind(to);
  char line[256] = {};
  ASSERT_NE(std::fgets(line, sizeof line, to), nullptr);
  std::fclose(to);
  EXPECT_EQ(std::string(line).rfind("app: odd\\nname.txt (0.0 MiB), 1 thread(s)", 0), 0u) << line;
}

TEST(Report, DifferencesShowTheFirstFiveThenCountTheRest) {
  apps::DifferenceReport report("7 words expected");
  int described = 0;
  for (int k = 0; k < 7; ++k) report.note([&] { return "W" + std::to_string(k) + ": " + std::to_string(++described); });
  EXPECT_EQ(report.differences(), 7u);
  EXPECT_EQ(described, 5) << "the differences not shown are only counted";
  EXPECT_EQ(report.str("words"), "7 words expected; W0: 1; W1: 2; W2: 3; W3: 4; W4: 5; 2 more words differ");
  EXPECT_EQ(apps::DifferenceReport().str("bins"), "");
}
