#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/html_pages.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
namespace fs = std::filesystem;
using pgasmr::test::ScratchDir;

/// Every file under `folder` (relative path -> content), in name order.
std::vector<std::pair<std::string, std::string>> files_under(const fs::path& folder) {
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    if (entry.is_regular_file())
      files.emplace_back(fs::relative(entry.path(), folder).string(), pgasmr::test::read_file(entry.path()));
  std::ranges::sort(files);
  return files;
}

}  // namespace

TEST(HtmlPages, FoldersOfPagesOfTheRequestedSize) {
  ScratchDir dir;
  ds::generate_html(dir / "site", {.seed = 2, .files = 205, .bytes = 205 * 1000 + 7, .links = 50});
  const auto files = files_under(dir / "site");
  ASSERT_EQ(files.size(), 205u);
  EXPECT_EQ(files.front().first, "d0/000.html");
  EXPECT_EQ(files[100].first, "d1/100.html");
  EXPECT_EQ(files.back().first, "d2/204.html");
  std::size_t links = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto& [name, html] = files[i];
    EXPECT_EQ(html.size(), i < 7 ? 1001u : 1000u) << name;
    EXPECT_TRUE(html.starts_with("<!DOCTYPE html>\n") && html.ends_with("</body></html>\n")) << name;
    for (auto at = html.find("https://site"); at != std::string::npos; at = html.find("https://site", at + 1)) ++links;
  }
  EXPECT_GT(links, 205u);  // several URLs a page
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"site"});  // no temporary folder left

  ds::generate_html(dir / "again", {.seed = 2, .files = 205, .bytes = 205 * 1000 + 7, .links = 50});
  EXPECT_EQ(files_under(dir / "again"), files);
  ds::generate_html(dir / "other", {.seed = 3, .files = 205, .bytes = 205 * 1000 + 7, .links = 50});
  EXPECT_NE(files_under(dir / "other"), files);
}

TEST(HtmlPages, TheSmallestPagesAreBareFramesAndSmallerOnesAreRefused) {
  ScratchDir dir;
  EXPECT_EQ(ds::smallest_html_bytes(3), 3u * 79);
  EXPECT_EQ(ds::smallest_html_bytes(11), 11u * 80);  // page 10's number has two digits
  ds::generate_html(dir / "site", {.files = 3, .bytes = 3 * 79, .links = 1});
  const auto files = files_under(dir / "site");
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0].second, "<!DOCTYPE html>\n<html><head><title>page 0</title></head>\n<body>\n</body></html>\n");
  pgasmr::test::expect_throw_containing<std::invalid_argument>(
      [&] { ds::generate_html(dir / "small", {.files = 11, .bytes = 11 * 80 - 1, .links = 1}); },
      "11 pages need at least 880 bytes (80 each, their bare frame), got 879");
  EXPECT_FALSE(fs::exists(dir / "small"));
}

TEST(HtmlPages, RefusesBadRequestsAndExistingOutputs) {
  ScratchDir dir;
  EXPECT_THROW(ds::generate_html(dir / "site", {.files = 0, .bytes = 200, .links = 1}), std::invalid_argument);
  EXPECT_THROW(ds::generate_html(dir / "site", {.files = 1, .bytes = 200, .links = 0}), std::invalid_argument);
  fs::create_directory(dir / "full");
  pgasmr::test::write_file(dir / "full" / "keep.txt", "keep");
  pgasmr::test::expect_throw_containing<ds::output_error>(
      [&] { ds::generate_html(dir / "full", {.files = 2, .bytes = 200, .links = 1}); },
      "already exists (only an empty folder is replaced)");
  EXPECT_EQ(pgasmr::test::read_file(dir / "full" / "keep.txt"), "keep");
  fs::create_directory(dir / "empty");
  ds::generate_html(dir / "empty", {.files = 2, .bytes = 200, .links = 1});  // an empty folder is replaced
  EXPECT_EQ(files_under(dir / "empty").size(), 2u);
  std::vector<std::string> entries = dir.entries();
  std::ranges::sort(entries);
  EXPECT_EQ(entries, (std::vector<std::string>{"empty", "full"}));
}
