// The apps' command line.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/app_driver.hpp"
#include "common/options.hpp"

namespace apps = pgasmr::apps;
namespace mr = pgasmr::mr;

namespace {

apps::AppOptions parse(std::vector<std::string> args) { return apps::parse_options(std::move(args)); }

/// The message of the usage_error that parsing `args` must throw.
std::string usage_error_of(std::vector<std::string> args) {
  try {
    parse(std::move(args));
  } catch (const apps::usage_error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no usage_error";
  return {};
}

}  // namespace

TEST(AppOptions, Defaults) {
  auto options = parse({"corpus.txt"});
  EXPECT_EQ(options.input(), "corpus.txt");
  EXPECT_FALSE(options.skip_unreadable);
  EXPECT_EQ(options.engine.distribution, mr::DistributionKind::block);
  EXPECT_EQ(options.engine.reduce, apps::ReduceChoice::all);
  EXPECT_EQ(options.baselines, apps::BaselineChoice::none);
  EXPECT_FALSE(options.verify);
  EXPECT_EQ(options.top, 10u);
  EXPECT_FALSE(options.output.has_value());
  EXPECT_FALSE(options.runs_sequential());
  EXPECT_FALSE(options.runs_phoenix());
}

TEST(AppOptions, EveryOptionInBothForms) {
  auto options = parse({"--threads", "3", "--distribution", "dynamic", "--reduce-mode=by_key", "--baseline",
                        "phoenix", "--verify", "--top=5", "in.bmp", "--output", "out.txt"});
  EXPECT_EQ(options.runtime.threads_per_process, std::size_t{3});
  EXPECT_EQ(options.engine.distribution, mr::DistributionKind::dynamic);
  EXPECT_EQ(options.engine.reduce, apps::ReduceChoice::by_key);
  EXPECT_EQ(options.baselines, apps::BaselineChoice::phoenix);
  EXPECT_TRUE(options.verify);
  EXPECT_TRUE(options.runs_sequential());  // --verify needs it
  EXPECT_TRUE(options.runs_phoenix());
  EXPECT_EQ(options.top, 5u);
  EXPECT_EQ(options.input(), "in.bmp");
  EXPECT_EQ(options.output, std::filesystem::path("out.txt"));
}

TEST(AppOptions, EveryChoiceName) {
  for (auto [name, kind] : {std::pair{"block", mr::DistributionKind::block}, {"cyclic", mr::DistributionKind::cyclic},
                            {"balanced", mr::DistributionKind::balanced}, {"best_fit", mr::DistributionKind::best_fit},
                            {"dynamic", mr::DistributionKind::dynamic}})
    EXPECT_EQ(parse({"--distribution", name, "x"}).engine.distribution, kind) << name;
  for (auto [name, choice] : {std::pair{"no_comm", apps::ReduceChoice::no_comm}, {"all", apps::ReduceChoice::all},
                              {"root", apps::ReduceChoice::root}, {"by_key", apps::ReduceChoice::by_key}}) {
    EXPECT_EQ(parse({"--reduce-mode", name, "x"}).engine.reduce, choice) << name;
    EXPECT_EQ(apps::to_string(choice), name);
  }
  EXPECT_EQ(parse({"--baseline", "sequential", "x"}).baselines, apps::BaselineChoice::sequential);
  EXPECT_EQ(parse({"--baseline", "all", "x"}).baselines, apps::BaselineChoice::all);
  EXPECT_EQ(parse({"--baseline", "none", "x"}).baselines, apps::BaselineChoice::none);
  EXPECT_EQ(parse({"--baseline", "tbb", "x"}).baselines, apps::BaselineChoice::tbb);
  EXPECT_TRUE(parse({"--baseline", "all", "x"}).runs_tbb());
  EXPECT_FALSE(parse({"--baseline", "phoenix", "x"}).runs_tbb());
}

TEST(AppOptions, HelpWinsOverEverythingElse) {
  EXPECT_TRUE(parse({"--bogus", "--help"}).help);
  EXPECT_TRUE(parse({"-h"}).help);
}

TEST(AppOptions, BadCommandLines) {
  EXPECT_NE(usage_error_of({"--threads", "0", "x"}).find("--threads must be at least 1"), std::string::npos);
  EXPECT_NE(usage_error_of({"--threads", "two", "x"}).find("--threads must be a whole number"), std::string::npos);
  EXPECT_NE(usage_error_of({"--frobnicate", "x"}).find("unknown option '--frobnicate'"), std::string::npos);
  EXPECT_NE(usage_error_of({"--distribution", "random", "x"}).find("block|cyclic|balanced|best_fit|dynamic"),
            std::string::npos);
  EXPECT_NE(usage_error_of({"--reduce-mode", "some", "x"}).find("no_comm|all|root|by_key, got 'some'"),
            std::string::npos);
  EXPECT_NE(usage_error_of({"--baseline", "phoenix++", "x"}).find("none|sequential|phoenix|tbb|all"), std::string::npos);
  EXPECT_NE(usage_error_of({"--top", "-1", "x"}).find("--top must be a whole number"), std::string::npos);
  EXPECT_NE(usage_error_of({"--top", "99999999999999999999", "x"}).find("--top is too large"), std::string::npos);
  EXPECT_NE(usage_error_of({"x", "--output"}).find("--output needs a value"), std::string::npos);
  EXPECT_NE(usage_error_of({"--output", "a", "x", "--output=b"}).find("--output is given twice"), std::string::npos);
  // Every flag alike: the last value used to win for the common ones.
  for (const char* flag : {"--verify", "--show-balance", "--skip-unreadable"})
    EXPECT_NE(usage_error_of({flag, "x", flag}).find(std::string(flag) + " is given twice"), std::string::npos);
  EXPECT_NE(usage_error_of({"--top", "1", "x", "--top=2"}).find("--top is given twice"), std::string::npos);
  EXPECT_NE(usage_error_of({"--threads", "1", "x", "--threads", "2"}).find("--threads is given twice"),
            std::string::npos);
  EXPECT_NE(usage_error_of({}).find("no input given (INPUT)"), std::string::npos);
  EXPECT_NE(usage_error_of({"a", "b"}).find("one input expected (INPUT), got 2"), std::string::npos);
  EXPECT_NE(usage_error_of({"--skip-unreadable=yes", "x"}).find("unknown option"), std::string::npos);
  // It was accepted and did nothing: a missing input stayed an error.
  EXPECT_NE(usage_error_of({"--skip-unreadable", "x"})
                .find("--skip-unreadable is for apps that read lists of files; this one reads INPUT"),
            std::string::npos);
}

namespace {

const apps::CommandLine k_means_like = {
    .operands = "POINTS...",
    .many_operands = true,
    .file_list = true,
    .flags = {{.name = "--clusters", .value_name = "K", .help = "how many", .required = true},
              {.name = "--max-rounds", .value_name = "N", .help = "at most", .default_value = "1000"}},
};

}  // namespace

TEST(AppOptions, ManyInputsAndAppFlags) {
  auto options = apps::parse_options({"a", "--clusters", "4", "b", "--skip-unreadable", "-"}, k_means_like);
  EXPECT_EQ(options.inputs, (std::vector<std::filesystem::path>{"a", "b", "-"}));
  EXPECT_TRUE(options.skip_unreadable);
  EXPECT_EQ(options.whole_number("--clusters"), 4u);
  EXPECT_EQ(options.whole_number("--max-rounds"), 1000u);  // the default
  EXPECT_EQ(apps::parse_options({"a", "--clusters=2", "--max-rounds=7"}, k_means_like).whole_number("--max-rounds"), 7u);
  EXPECT_FALSE(options.value("--other").has_value());
}

TEST(AppOptions, EverythingAfterTheEndOfTheOptionsIsAnInput) {
  auto options = apps::parse_options({"--top", "3", "--clusters", "2", "--", "--verify", "-x", "--", "--help", "--threads"},
                                     k_means_like);
  EXPECT_EQ(options.inputs, (std::vector<std::filesystem::path>{"--verify", "-x", "--", "--help", "--threads"}));
  EXPECT_FALSE(options.verify);
  EXPECT_FALSE(options.help);
  EXPECT_FALSE(options.runtime.threads_per_process.has_value());
  EXPECT_EQ(options.top, 3u);
}

TEST(AppOptions, AnOutputThatIsAlsoAnInputIsRefused) {
  const auto folder = std::filesystem::path(testing::TempDir()) / "output_among_inputs";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "points.csv") << "1,2\n";
  std::ofstream(folder / "keys.txt") << "k\n";
  std::filesystem::create_symlink(folder / "points.csv", folder / "link.csv");
  auto refusal = [&](std::vector<std::string> args) -> std::string {
    try {
      apps::refuse_output_among_inputs(apps::parse_options(std::move(args), k_means_like));
    } catch (const apps::usage_error& e) {
      return e.what();
    }
    return {};
  };
  const auto points = (folder / "points.csv").string(), link = (folder / "link.csv").string();
  EXPECT_NE(refusal({"--clusters", "2", "--output", points, points}).find("is also an input"), std::string::npos);
  EXPECT_NE(refusal({"--clusters", "2", "--output", link, points}).find("is also an input"), std::string::npos);
  EXPECT_EQ(refusal({"--clusters", "2", "--output", (folder / "new.csv").string(), points}), "");
  EXPECT_EQ(refusal({"--clusters", "2", "--output", "-", points}), "");
  const apps::CommandLine with_keys = {.operands = "TEXT",
                                       .flags = {{.name = "--keys", .value_name = "FILE", .help = "keys", .names_file = true}}};
  const auto keys = (folder / "keys.txt").string();
  EXPECT_THROW(apps::refuse_output_among_inputs(apps::parse_options({"--keys", keys, "--output", keys, points}, with_keys)),
               apps::usage_error);
  // Inside a directory operand: an input file there, or a new file that would join them.
  const auto in_folder = [&](const std::string& name) { return (folder / name).string(); };
  const std::string inside = "lies inside the input directory";
  EXPECT_NE(refusal({"--clusters", "2", "--output", in_folder("keys.txt"), folder.string()}).find(inside), std::string::npos);
  EXPECT_NE(refusal({"--clusters", "2", "--output", in_folder("sub/new.csv"), folder.string()}).find(inside),
            std::string::npos);
  EXPECT_NE(refusal({"--clusters", "2", "--output", in_folder("new.csv"), (folder / ".").string()}).find(inside),
            std::string::npos);
  EXPECT_EQ(refusal({"--clusters", "2", "--output", (folder.parent_path() / "beside.csv").string(), folder.string()}), "");
  // A file the walk reaches through a symbolic link below the operand, though it lies elsewhere.
  const auto elsewhere = folder.parent_path() / "output_among_inputs_elsewhere";
  std::filesystem::remove_all(elsewhere);
  std::filesystem::create_directories(elsewhere);
  std::ofstream(elsewhere / "read.csv") << "3,4\n";
  std::filesystem::create_symlink(elsewhere, folder / "linked");
  EXPECT_NE(refusal({"--clusters", "2", "--output", (elsewhere / "read.csv").string(), folder.string()}).find(inside),
            std::string::npos);
  // And a new file there, or in a directory the walk goes through on the way to its files: the
  // next run over the operand would read the result.
  EXPECT_NE(refusal({"--clusters", "2", "--output", (elsewhere / "new.csv").string(), folder.string()}).find(inside),
            std::string::npos);
  std::filesystem::create_directories(elsewhere / "deeper");
  std::filesystem::rename(elsewhere / "read.csv", elsewhere / "deeper" / "read.csv");
  EXPECT_NE(refusal({"--clusters", "2", "--output", (elsewhere / "new.csv").string(), folder.string()}).find(inside),
            std::string::npos);
  EXPECT_EQ(refusal({"--clusters", "2", "--output", (elsewhere.parent_path() / "beside.csv").string(), folder.string()}),
            "");
  std::filesystem::remove(folder / "linked");
  std::filesystem::remove_all(elsewhere);
  const auto here = std::filesystem::current_path();
  std::filesystem::current_path(folder);  // a relative output in a directory that has no such file yet
  EXPECT_NE(refusal({"--clusters", "2", "--output", "new.csv", "."}).find(inside), std::string::npos);
  std::filesystem::current_path(here);
  std::filesystem::remove_all(folder);
}

TEST(AppOptions, AFileFlagNeedsAFileName) {
  const apps::CommandLine with_keys = {.operands = "TEXT",
                                       .flags = {{.name = "--keys", .value_name = "FILE", .help = "keys", .names_file = true}}};
  for (auto args : {std::vector<std::string>{"--keys=", "a.txt"}, std::vector<std::string>{"--keys", "", "a.txt"}}) {
    try {
      (void)apps::parse_options(args, with_keys);
      ADD_FAILURE() << "an empty --keys was accepted";
    } catch (const apps::usage_error& e) {
      EXPECT_STREQ(e.what(), "--keys needs a file name");
    }
  }
}

TEST(AppOptions, BadAppFlags) {
  auto error_of = [](std::vector<std::string> args) -> std::string {
    try {
      auto options = apps::parse_options(std::move(args), k_means_like);
      options.whole_number("--clusters");
    } catch (const apps::usage_error& e) {
      return e.what();
    }
    return "no usage_error";
  };
  EXPECT_EQ(error_of({"a"}), "--clusters K is required");
  EXPECT_EQ(error_of({"a", "--clusters", "x"}), "--clusters must be a whole number, got 'x'");
  EXPECT_EQ(error_of({"a", "--clusters", "1", "--clusters", "2"}), "--clusters is given twice");
  EXPECT_EQ(error_of({"--clusters", "1"}), "no input given (POINTS...)");
  EXPECT_EQ(error_of({"a", "--clusters"}), "--clusters needs a value");
}

TEST(AppOptions, HelpTextNamesEveryOption) {
  auto help = apps::help_text("wordcount", "Counts words.\n");
  for (const char* option : {"usage: wordcount [options] INPUT\n", "Counts words.", "--distribution", "--reduce-mode",
                             "--baseline", "--verify", "--top", "--output", "--help", "--threads", "Exit status: 0"})
    EXPECT_NE(help.find(option), std::string::npos) << option;
  EXPECT_EQ(help.find("--skip-unreadable"), std::string::npos) << "an app of one input skips nothing";
  EXPECT_EQ(help.find("--show-balance"), std::string::npos) << "an app that does not weigh its elements refuses it";
  EXPECT_NE(apps::help_text("wordcount", "Counts words.\n", {}, /*weighs_elements=*/true).find("--show-balance"),
            std::string::npos);
  EXPECT_NE(apps::help_text("kmeans", "Clusters.\n", k_means_like).find("--skip-unreadable"), std::string::npos);
  auto app_help = apps::help_text("kmeans", "Clusters.\n", k_means_like);
  for (const char* line : {"usage: kmeans [options] POINTS...\n", "  --clusters K             how many (required)\n",
                           "  --max-rounds N           at most (default 1000)\n"})
    EXPECT_NE(app_help.find(line), std::string::npos) << line;
}
