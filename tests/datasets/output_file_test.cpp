#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/output_file.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::expect_throw_containing;
using pgasmr::test::ScratchDir;

TEST(AtomicOutputFile, appears_only_on_commit) {
  ScratchDir dir;
  auto target = dir / "out.txt";
  ds::AtomicOutputFile out(target);
  EXPECT_EQ(out.temporary().parent_path(), dir.path());
  EXPECT_TRUE(out.temporary().filename().string().starts_with("out.txt.tmp-")) << out.temporary();
  out.write(std::string_view("first "));
  std::string large(3 << 20, 'L');  // bigger than the buffer: written straight through
  out.write(large);
  out.write(std::string_view(" last"));
  EXPECT_EQ(out.size(), 6 + large.size() + 5);
  EXPECT_FALSE(std::filesystem::exists(target));
  out.commit();
  EXPECT_EQ(pgasmr::test::read_file(target), "first " + large + " last");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.txt"});
}

TEST(AtomicOutputFile, abandoned_file_leaves_the_target_as_it_was) {
  ScratchDir dir;
  auto target = dir / "out.txt";
  pgasmr::test::write_file(target, "previous");
  try {
    ds::AtomicOutputFile out(target);
    out.write(std::string_view("half of the new content"));
    throw std::runtime_error("the producer failed");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(pgasmr::test::read_file(target), "previous");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.txt"});
}

TEST(AtomicOutputFile, commit_replaces_an_existing_file) {
  ScratchDir dir;
  auto target = dir / "out.txt";
  pgasmr::test::write_file(target, "previous content, longer than the new one");
  ds::AtomicOutputFile out(target);
  out.write(std::string_view("new"));
  out.commit();
  EXPECT_EQ(pgasmr::test::read_file(target), "new");
}

TEST(AtomicOutputFile, moved_file_commits_once) {
  ScratchDir dir;
  ds::AtomicOutputFile first(dir / "out.txt");
  first.write(std::string_view("moved"));
  ds::AtomicOutputFile second(std::move(first));
  second.commit();
  EXPECT_EQ(pgasmr::test::read_file(dir / "out.txt"), "moved");
  expect_throw_containing<ds::output_error>([&] { second.write(std::string_view("more")); }, "already committed");
  expect_throw_containing<ds::output_error>([&] { second.commit(); }, "already committed");
}

TEST(AtomicOutputFile, directory_target_is_refused) {
  ScratchDir dir;
  expect_throw_containing<ds::output_error>([&] { ds::AtomicOutputFile out(dir.path()); },
                                            "'" + dir.path().string() + "' is a directory");
}

TEST(AtomicOutputFile, missing_folder_is_refused_with_the_reason) {
  ScratchDir dir;
  auto target = dir / "no-such-folder" / "out.txt";
  expect_throw_containing<ds::output_error>([&] { ds::AtomicOutputFile out(target); },
                                            "cannot write '" + target.string() + "': No such file or directory");
}

TEST(AtomicOutputFile, device_target_is_refused) {
  expect_throw_containing<ds::output_error>([] { ds::AtomicOutputFile out("/dev/null"); }, "is not a regular file");
}

}  // namespace
