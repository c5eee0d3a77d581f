// The temporary outputs a signal handler removes: recorded files and folders (with what they
// hold, links not followed), and nothing once a record is gone.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <pgasmr/datasets/output_file.hpp>
#include <pgasmr/datasets/temporary_outputs.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
namespace fs = std::filesystem;
using pgasmr::test::ScratchDir;

TEST(TemporaryOutputs, RemovesRecordedFoldersWithWhatTheyHold) {
  ScratchDir dir;
  fs::create_directories(dir / "site.tmp-1" / "d0" / "deeper");
  pgasmr::test::write_file(dir / "site.tmp-1" / "d0" / "0.html", "page");
  pgasmr::test::write_file(dir / "site.tmp-1" / "d0" / "deeper" / "1.html", "page");
  for (int i = 0; i < 300; ++i)  // more names than one listing of the folder returns
    pgasmr::test::write_file(dir / "site.tmp-1" / ("page-with-a-long-name-" + std::to_string(i)), "x");
  fs::create_directory(dir / "kept");
  pgasmr::test::write_file(dir / "kept" / "file", "keep");
  fs::create_directory_symlink(dir / "kept", dir / "site.tmp-1" / "link");  // removed, not followed
  ds::TemporaryOutputRecord record(dir / "site.tmp-1");
  ds::remove_temporary_outputs();
  EXPECT_FALSE(fs::exists(dir / "site.tmp-1"));
  EXPECT_EQ(pgasmr::test::read_file(dir / "kept" / "file"), "keep");
}

TEST(TemporaryOutputs, RemovesANamedTemporaryFileButNotTheTarget) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "out.txt", "old");
  ds::AtomicOutputFile out(dir / "out.txt", ds::AtomicOutputFile::Temporary::named);
  out.write(std::string_view("new"));
  ASSERT_TRUE(fs::exists(out.temporary()));
  ds::remove_temporary_outputs();
  EXPECT_FALSE(fs::exists(out.temporary()));
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.txt"});
  EXPECT_EQ(pgasmr::test::read_file(dir / "out.txt"), "old");
}

TEST(TemporaryOutputs, ForgetsAPathOnceItsRecordIsGone) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "a.tmp-1", "a");
  pgasmr::test::write_file(dir / "b.tmp-1", "b");
  {
    ds::TemporaryOutputRecord reset_one(dir / "a.tmp-1");
    reset_one.reset();
    ds::TemporaryOutputRecord destroyed(dir / "b.tmp-1");
    ds::TemporaryOutputRecord moved_to(std::move(destroyed));
  }
  {
    ds::AtomicOutputFile committed(dir / "c.txt", ds::AtomicOutputFile::Temporary::named);
    committed.commit();
  }
  ds::remove_temporary_outputs();
  EXPECT_TRUE(fs::exists(dir / "a.tmp-1"));
  EXPECT_TRUE(fs::exists(dir / "b.tmp-1"));
  EXPECT_TRUE(fs::exists(dir / "c.txt"));
}

}  // namespace
