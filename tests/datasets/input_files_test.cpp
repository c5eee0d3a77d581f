// The files of an app's operands: directories walked in name order, symbolic links followed,
// loops, special files and missing files refused (or skipped on request).

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/input_files.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

#include "scratch_dir.hpp"
#include "write_watches.hpp"

namespace ds = pgasmr::datasets;
using pgasmr::test::expect_throw_containing;
using pgasmr::test::ScratchDir;
using pgasmr::test::write_file;

namespace {

std::vector<std::string> relative_paths(const ds::InputFiles& found, const std::filesystem::path& base) {
  std::vector<std::string> paths;
  for (const auto& file : found.files) paths.push_back(file.path.lexically_relative(base).string());
  return paths;
}

ds::InputFiles collect(std::vector<std::filesystem::path> operands, ds::InputFileOptions options = {}) {
  return ds::collect_input_files(operands, options);
}

}  // namespace

TEST(InputFiles, DirectoriesAreWalkedInByteOrderOfNames) {
  ScratchDir dir;
  std::filesystem::create_directories(dir / "b/inner");
  std::filesystem::create_directories(dir / "a");
  write_file(dir / "b/inner/z.txt", "zz");
  write_file(dir / "b/Y.txt", "y");
  write_file(dir / "b/x.txt", "xxx");
  write_file(dir / "a/empty", "");
  write_file(dir / "top", "t");
  auto found = collect({dir.path()});
  // Upper case sorts before lower case; directories take their place among the names.
  EXPECT_EQ(relative_paths(found, dir.path()),
            (std::vector<std::string>{"a/empty", "b/Y.txt", "b/inner/z.txt", "b/x.txt", "top"}));
  EXPECT_EQ(found.total_bytes, 7u);
  EXPECT_EQ(found.files[2].size, 2u);
  EXPECT_TRUE(found.skipped.empty());
}

TEST(InputFiles, OperandsKeepTheirOrderAndLinksAreFollowed) {
  ScratchDir dir;
  write_file(dir / "one", "1");
  std::filesystem::create_directories(dir / "folder");
  write_file(dir / "folder/two", "22");
  std::filesystem::create_symlink(dir / "folder", dir / "link-to-folder");
  std::filesystem::create_symlink(dir / "one", dir / "folder/link-to-one");
  auto found = collect({dir / "link-to-folder", dir / "one"});
  EXPECT_EQ(relative_paths(found, dir.path()),
            (std::vector<std::string>{"link-to-folder/link-to-one", "link-to-folder/two", "one"}));
}

TEST(InputFiles, ALoopIsAnErrorNamingThePath) {
  ScratchDir dir;
  std::filesystem::create_directories(dir / "a/b");
  std::filesystem::create_symlink("..", dir / "a/b/up");
  expect_throw_containing<ds::input_error>([&] { collect({dir / "a"}); }, "symbolic-link loop");
  std::filesystem::create_symlink("self", dir / "self");
  expect_throw_containing<ds::input_error>([&] { collect({dir / "self"}); }, "'" + (dir / "self").string() + "': a loop");
}

TEST(InputFiles, MissingAndSpecialFilesAreErrorsOrSkipped) {
  ScratchDir dir;
  write_file(dir / "ok", "fine");
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  std::filesystem::create_symlink(dir / "absent", dir / "dangling");
  expect_throw_containing<ds::input_error>([&] { collect({dir / "nope"}); }, "cannot open: No such file");
  expect_throw_containing<ds::input_error>([&] { collect({dir / "fifo"}); }, "not a regular file or a directory");
  expect_throw_containing<ds::input_error>([&] { collect({dir.path()}); }, "dangling");

  auto found = collect({dir.path(), dir / "nope"}, {.skip_unreadable = true});
  EXPECT_EQ(relative_paths(found, dir.path()), std::vector<std::string>{"ok"});
  ASSERT_EQ(found.skipped.size(), 3u);  // dangling, fifo, nope
  EXPECT_NE(found.skipped[0].find("dangling"), std::string::npos);
  EXPECT_NE(found.skipped[1].find("fifo"), std::string::npos);
}

TEST(InputFiles, PseudoFilesOfTheKernelAreRefusedOrSkipped) {
  // /proc/self/status says it holds 0 bytes; reading that many would count nothing.
  expect_throw_containing<ds::input_error>([] { collect({"/proc/self/status"}); },
                                           "'/proc/self/status': a file of the kernel's pseudo file systems");
  auto found = collect({"/proc/self/status"}, {.skip_unreadable = true});
  EXPECT_TRUE(found.files.empty());
  EXPECT_EQ(found.skipped.size(), 1u);
}

TEST(InputFiles, StandardInputOnlyWhereAllowed) {
  expect_throw_containing<ds::input_error>([] { collect({"-"}); }, "standard input");
  auto found = collect({"-"}, {.allow_standard_input = true});
  ASSERT_EQ(found.files.size(), 1u);
  EXPECT_EQ(found.files[0].path, ds::standard_input_operand);
  EXPECT_THROW(collect({}), std::invalid_argument);
}

TEST(WriteWatch, SeesTheWritesThatEndAfterItBegan) {
  if (!pgasmr::test::write_watches_work()) GTEST_SKIP() << "no inotify watches here: the time alone tells";
  ScratchDir dir;
  write_file(dir / "file", "alpha");
  const int fd = ::open((dir / "file").c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  auto write_a_byte = [&] {
    const int writer = ::open((dir / "file").c_str(), O_WRONLY | O_CLOEXEC);
    ASSERT_EQ(::pwrite(writer, "b", 1, 0), 1);
    ::close(writer);
  };
  ds::WriteWatch first(fd, dir / "file");
  EXPECT_FALSE(first.write_ended());
  EXPECT_NO_THROW(ds::throw_if_some_input_changed());
  { ds::WriteWatch brief(fd, dir / "file"); }  // another watcher of the same file comes and goes
  write_a_byte();
  EXPECT_TRUE(first.write_ended()) << "the file is still watched for the first watcher";
  expect_throw_containing<ds::input_error>([] { ds::throw_if_some_input_changed(); },
                                           "file' was modified while it was read");
  ds::WriteWatch second(fd, dir / "file");
  EXPECT_FALSE(second.write_ended()) << "that write ended before the second watch began";
  write_a_byte();
  EXPECT_TRUE(second.write_ended());
  ::close(fd);
}
