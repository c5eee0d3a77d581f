#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

#include "scratch_dir.hpp"
#include "write_watches.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::expect_throw_containing;
using pgasmr::test::ScratchDir;

TEST(MappedFile, maps_the_whole_file) {
  ScratchDir dir;
  std::string content = "hello\0world\n";
  content += std::string(10000, 'x');  // more than a page
  pgasmr::test::write_file(dir / "input", content);
  for (auto prefetch : {ds::Prefetch::none, ds::Prefetch::populate}) {
    ds::MappedFile file(dir / "input", prefetch);
    EXPECT_EQ(file.size(), content.size());
    EXPECT_EQ(file.text(), content);
    EXPECT_EQ(file.bytes().size(), content.size());
    EXPECT_EQ(file.path(), dir / "input");
  }
}

TEST(MappedFile, empty_file_has_empty_views) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "empty", "");
  ds::MappedFile file(dir / "empty");
  EXPECT_EQ(file.size(), 0u);
  EXPECT_TRUE(file.bytes().empty());
  EXPECT_TRUE(file.text().empty());
}

TEST(MappedFile, missing_file_is_refused_with_its_name_and_the_reason) {
  ScratchDir dir;
  auto path = dir / "absent.txt";
  expect_throw_containing<ds::input_error>([&] { ds::MappedFile file(path); },
                                           "cannot open '" + path.string() + "': No such file or directory");
}

TEST(MappedFile, standard_input_is_refused_as_such_not_as_a_missing_file) {
  expect_throw_containing<ds::input_error>([] { ds::MappedFile file("-"); },
                                           "'-': standard input is not supported for this input; give a file");
}

TEST(MappedFile, directory_is_refused) {
  ScratchDir dir;
  expect_throw_containing<ds::input_error>([&] { ds::MappedFile file(dir.path()); },
                                           "'" + dir.path().string() + "' is a directory");
}

TEST(MappedFile, fifo_is_refused_without_waiting_for_a_writer) {
  ScratchDir dir;
  auto path = dir / "fifo";
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  expect_throw_containing<ds::input_error>([&] { ds::MappedFile file(path); }, "is not a regular file");
}

TEST(MappedFile, views_survive_a_move) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "input", "some text");
  ds::MappedFile first(dir / "input");
  auto text = first.text();
  ds::MappedFile second(std::move(first));
  EXPECT_EQ(second.text().data(), text.data());
  EXPECT_EQ(second.text(), "some text");
  EXPECT_TRUE(first.text().empty());  // NOLINT(bugprone-use-after-move): moved-from is empty

  pgasmr::test::write_file(dir / "other", "other");
  ds::MappedFile third(dir / "other");
  third = std::move(second);
  EXPECT_EQ(third.text(), "some text");
  EXPECT_EQ(third.path(), dir / "input");
}

TEST(MappedFile, pseudo_file_of_the_kernel_is_refused) {
  expect_throw_containing<ds::input_error>([] { ds::MappedFile file("/proc/self/status"); },
                                           "a file of the kernel's pseudo file systems");
}

/// The sum of every byte of `file`, read as a parser would.
std::uint64_t byte_sum(const ds::MappedFile& file) {
  std::uint64_t sum = 0;
  for (auto byte : file.bytes()) sum += static_cast<std::uint8_t>(byte);
  return sum;
}

TEST(MappedFile, a_file_truncated_while_mapped_reads_as_zeros_and_says_so) {
  ScratchDir dir;
  const std::size_t page = 4096;
  pgasmr::test::write_file(dir / "input", std::string(10 * page, '\1'));
  ds::MappedFile file(dir / "input", ds::Prefetch::populate);
  EXPECT_FALSE(file.shrank());
  EXPECT_NO_THROW(ds::throw_if_some_input_changed());
  std::filesystem::resize_file(dir / "input", 3 * page + 100);
  // Without the guard this read dies of SIGBUS past the file's new end; bytes past it read as 0.
  EXPECT_EQ(byte_sum(file), 3 * page + 100);
  EXPECT_TRUE(file.shrank());
  expect_throw_containing<ds::input_error>([&] { file.throw_if_changed(); }, "input' became shorter while it was read");
  expect_throw_containing<ds::input_error>([] { ds::throw_if_some_input_changed(); }, "became shorter");
  file = ds::MappedFile(dir / "input");  // the shrunk mapping is gone, and with it the report
  EXPECT_FALSE(file.shrank());
  EXPECT_NO_THROW(ds::throw_if_some_input_changed());
}

TEST(MappedFile, read_checked_reports_the_truncation_not_the_reader_s_complaint) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "input", std::string(5 * 4096, 'a'));
  ds::MappedFile file(dir / "input");
  EXPECT_EQ(file.read_checked([&] { return byte_sum(file); }), 5u * 4096 * 'a');
  expect_throw_containing<ds::input_error>(
      [&] {
        file.read_checked([&] {
          std::filesystem::resize_file(dir / "input", 4096);
          if (byte_sum(file) != 5u * 4096 * 'a') throw ds::input_error("a zero byte is not an 'a'");
          return 0;
        });
      },
      "became shorter while it was read");
}

/// Overwrites the start of `path` in place (same size, same file) and moves its modification
/// time a second on, as a later write would (the clock's tick may not have moved yet).
void write_in_place(const std::filesystem::path& path, std::string_view bytes) {
  const auto before = std::filesystem::last_write_time(path);
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  file.close();
  std::filesystem::last_write_time(path, before + std::chrono::seconds(1));
}

TEST(MappedFile, a_file_written_in_place_while_mapped_says_so) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "input", std::string(3 * 4096, 'a'));
  ds::MappedFile file(dir / "input", ds::Prefetch::populate);
  EXPECT_FALSE(file.modified());
  write_in_place(dir / "input", "bbbb");
  EXPECT_EQ(file.text().substr(0, 5), "bbbba");  // the new bytes show through the mapping
  EXPECT_TRUE(file.modified());
  EXPECT_FALSE(file.shrank());
  expect_throw_containing<ds::input_error>([&] { file.throw_if_changed(); }, "input' was modified while it was read");
  expect_throw_containing<ds::input_error>([] { ds::throw_if_some_input_changed(); }, "was modified");
  expect_throw_containing<ds::input_error>([&] { file.read_checked([&] { return byte_sum(file); }); },
                                           "was modified while it was read");
}

/// Overwrites the start of `path` in place and puts its modification time back: what a reader
/// sees of a write that was under way when it opened the file (the kernel stamps the time when
/// a write begins, so the time it took then is already the write's).
void write_in_place_keeping_the_time(const std::filesystem::path& path, std::string_view bytes) {
  const auto before = std::filesystem::last_write_time(path);
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  file.close();
  std::filesystem::last_write_time(path, before);
}

TEST(MappedFile, a_write_that_ends_while_mapped_says_so_whatever_the_time) {
  if (!pgasmr::test::write_watches_work()) GTEST_SKIP() << "no inotify watches here: the time alone tells";
  ScratchDir dir;
  pgasmr::test::write_file(dir / "input", std::string(3 * 4096, 'a'));
  write_in_place_keeping_the_time(dir / "input", "cc");  // ended before the mapping: read as it is
  ds::MappedFile file(dir / "input", ds::Prefetch::populate);
  EXPECT_FALSE(file.modified());
  EXPECT_EQ(file.text().substr(0, 3), "cca");
  write_in_place_keeping_the_time(dir / "input", "bbbb");
  EXPECT_TRUE(file.modified());
  expect_throw_containing<ds::input_error>([&] { file.throw_if_changed(); }, "input' was modified while it was read");
  // A second mapping of the file, after that write: it reads the file as it is now.
  ds::MappedFile again(dir / "input");
  EXPECT_FALSE(again.modified());
  EXPECT_TRUE(file.modified());
}

TEST(MappedFile, a_file_replaced_at_its_path_while_mapped_is_still_read_whole) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "input", std::string(4096, 'a'));
  ds::MappedFile file(dir / "input");
  pgasmr::test::write_file(dir / "other", std::string(4096, 'b'));
  std::filesystem::rename(dir / "other", dir / "input");
  // The mapping keeps the first file, which nothing changed: one version, read whole.
  EXPECT_EQ(byte_sum(file), 4096u * 'a');
  EXPECT_FALSE(file.modified());
  EXPECT_NO_THROW(ds::throw_if_some_input_changed());
}

TEST(MappedFileDeathTest, a_bus_error_outside_every_mapped_file_still_ends_the_process) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "guarded", "installs the handler");
  ds::MappedFile guarded(dir / "guarded");
  pgasmr::test::write_file(dir / "other", std::string(3 * 4096, 'x'));
  EXPECT_DEATH(
      {
        int fd = ::open((dir / "other").c_str(), O_RDONLY);
        auto* other = static_cast<const volatile char*>(::mmap(nullptr, 3 * 4096, PROT_READ, MAP_PRIVATE, fd, 0));
        std::filesystem::resize_file(dir / "other", 0);
        std::fprintf(stderr, "read %d\n", other[2 * 4096]);
      },
      "");
}

}  // namespace
