#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/output_file.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::expect_throw_containing;
using pgasmr::test::ScratchDir;

/// Whether `folder`'s file system makes unnamed temporary files (tmpfs, ext4, xfs, btrfs do).
bool supports_unnamed_temporary(const std::filesystem::path& folder) {
  int fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY, 0600);
  if (fd >= 0) ::close(fd);
  return fd >= 0;
}

TEST(AtomicOutputFile, appears_only_on_commit) {
  ScratchDir dir;
  if (!supports_unnamed_temporary(dir.path())) GTEST_SKIP() << dir.path() << " has no O_TMPFILE";
  auto target = dir / "out.txt";
  ds::AtomicOutputFile out(target);
  EXPECT_EQ(out.temporary(), std::filesystem::path()) << "the temporary file has no name";
  EXPECT_EQ(dir.entries(), std::vector<std::string>{});
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

TEST(AtomicOutputFile, named_temporary_fallback_appears_only_on_commit) {
  ScratchDir dir;
  auto target = dir / "out.txt";
  ds::AtomicOutputFile out(target, ds::AtomicOutputFile::Temporary::named);
  EXPECT_EQ(out.temporary().parent_path(), dir.path());
  EXPECT_TRUE(out.temporary().filename().string().starts_with("out.txt.tmp-")) << out.temporary();
  out.write(std::string_view("content"));
  EXPECT_FALSE(std::filesystem::exists(target));
  out.commit();
  EXPECT_EQ(pgasmr::test::read_file(target), "content");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.txt"});
}

TEST(AtomicOutputFile, killed_writer_leaves_nothing_behind) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  ScratchDir dir;
  if (!supports_unnamed_temporary(dir.path())) GTEST_SKIP() << dir.path() << " has no O_TMPFILE";
  pgasmr::test::write_file(dir / "out.txt", "previous");
  EXPECT_EXIT(
      {
        ds::AtomicOutputFile out(dir / "out.txt");
        out.write(std::string(3 << 20, 'x'));  // past the buffer: on disk, unnamed
        std::raise(SIGKILL);
      },
      testing::KilledBySignal(SIGKILL), "");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.txt"});
  EXPECT_EQ(pgasmr::test::read_file(dir / "out.txt"), "previous");
}

TEST(AtomicOutputFile, abandoned_file_leaves_the_target_as_it_was) {
  for (auto temporary : {ds::AtomicOutputFile::Temporary::unnamed_where_supported,
                         ds::AtomicOutputFile::Temporary::named}) {
    ScratchDir dir;
    auto target = dir / "out.txt";
    pgasmr::test::write_file(target, "previous");
    try {
      ds::AtomicOutputFile out(target, temporary);
      out.write(std::string_view("half of the new content"));
      throw std::runtime_error("the producer failed");
    } catch (const std::runtime_error&) {
    }
    EXPECT_EQ(pgasmr::test::read_file(target), "previous");
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.txt"});
  }
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

TEST(AtomicOutputFile, a_replaced_file_keeps_its_permissions) {
  ScratchDir dir;
  auto target = dir / "private.txt";
  pgasmr::test::write_file(target, "old");
  std::filesystem::permissions(target, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  for (auto temporary :
       {ds::AtomicOutputFile::Temporary::unnamed_where_supported, ds::AtomicOutputFile::Temporary::named}) {
    ds::AtomicOutputFile out(target, temporary);
    out.write(std::string_view("new"));
    out.commit();
    EXPECT_EQ(std::filesystem::status(target).permissions(),
              std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  }
}

TEST(AtomicOutputFile, a_symbolic_link_is_written_through) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "real.txt", "previous");
  std::filesystem::create_symlink("real.txt", dir / "link");  // relative to the link's folder
  std::filesystem::create_symlink(dir / "link", dir / "link-to-link");
  ds::AtomicOutputFile out(dir / "link-to-link");
  out.write(std::string_view("new"));
  out.commit();
  EXPECT_EQ(pgasmr::test::read_file(dir / "real.txt"), "new");
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "link"));
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "link-to-link"));
}

TEST(AtomicOutputFile, a_loop_of_symbolic_links_is_refused) {
  ScratchDir dir;
  std::filesystem::create_symlink("b", dir / "a");
  std::filesystem::create_symlink("a", dir / "b");
  expect_throw_containing<ds::output_error>([&] { ds::AtomicOutputFile out(dir / "a"); }, "a loop of symbolic links");
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "a"));
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

TEST(AtomicOutputFile, device_target_is_written_directly) {
  ds::AtomicOutputFile out("/dev/null");
  EXPECT_TRUE(out.writes_directly());
  out.write(std::string_view("discarded"));
  out.commit();
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
}

TEST(AtomicOutputFile, fifo_target_is_written_directly) {
  ScratchDir dir;
  auto fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = pgasmr::test::read_file(fifo); });
  {
    ds::AtomicOutputFile out(fifo);  // opening blocks until the reader has opened its end
    out.write(std::string_view("through the pipe"));
    out.commit();
  }
  reader.join();
  EXPECT_EQ(received, "through the pipe");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"pipe"});
}

TEST(AtomicOutputFile, dash_is_standard_output) {
  testing::internal::CaptureStdout();
  {
    ds::AtomicOutputFile out("-");
    EXPECT_TRUE(out.writes_directly());
    out.write(std::string_view("to stdout"));
    out.commit();
  }
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "to stdout");
}

}  // namespace
