#include <gtest/gtest.h>

#include <sys/stat.h>

#include <string>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

#include "scratch_dir.hpp"

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

}  // namespace
