// The reverse index's parts: the link reader (by hand and against a regular-expression model on
// random pages), the file-list combiner, the result's format and comparison, and the sequential
// and Phoenix-like baselines.

#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <string>
#include <vector>

#include "revindex/baselines.hpp"
#include "revindex/link_index.hpp"
#include "revindex/links.hpp"

namespace ri = pgasmr::apps::revindex;
namespace ds = pgasmr::datasets;

namespace {

std::vector<std::string> links_of(std::string_view html) {
  std::vector<std::string> links;
  ri::for_each_link(html, [&](std::string_view link) { links.emplace_back(link); });
  return links;
}

/// The same rule as a regular expression, matched left to right: href after a blank or at the
/// start, any case, blanks around =, a quoted value; then empty values and those with a tab, CR
/// or LF dropped. A quote that is never closed (the last alternative) ends the links.
std::vector<std::string> model_links(const std::string& html) {
  static const std::regex link(
      R"re((?:^|[ \t\r\n\f])[hH][rR][eE][fF][ \t\r\n\f]*=[ \t\r\n\f]*(?:"([^"]*)"|'([^']*)'|["']))re");
  std::vector<std::string> links;
  auto from = html.cbegin();
  std::smatch match;
  auto flags = std::regex_constants::match_default;
  while (std::regex_search(from, html.cend(), match, link, flags)) {
    if (!match[1].matched && !match[2].matched) break;  // an opening quote never closed
    std::string value = match[1].matched ? match[1].str() : match[2].str();
    if (!value.empty() && value.find_first_of("\t\r\n") == std::string::npos) links.push_back(value);
    from = match[0].second;
    flags = std::regex_constants::match_prev_avail;  // ^ is the html's start only
  }
  return links;
}

}  // namespace

TEST(Links, ReadsTheQuotedValuesOfHrefAttributes) {
  EXPECT_EQ(links_of(R"(<a href="a.html">x</a> <A HREF = 'b c'> <link hReF=  "a.html">)"),
            (std::vector<std::string>{"a.html", "b c", "a.html"}));
  EXPECT_EQ(links_of("href=\"first\"\n<a\nhref\n=\n\"next\">"), (std::vector<std::string>{"first", "next"}));
  EXPECT_EQ(links_of(R"(text href="in text" <!-- <a href="in comment"> -->)"),
            (std::vector<std::string>{"in text", "in comment"}));
  EXPECT_EQ(links_of(R"(<a href="it's">)"), (std::vector<std::string>{"it's"}));
  EXPECT_EQ(links_of(R"(<a href='say "hi"'>)"), (std::vector<std::string>{"say \"hi\""}));
}

TEST(Links, LeavesOutWhatIsNotALink) {
  for (const char* html : {R"(<a data-href="x">)", R"(<a xhref="x">)", R"(<a href=x>)", R"(<a href="">)",
                           "<a href=\"a\tb\">", "<a href=\"a\nb\">", "<a href=\"a\rb\">", R"(<a href="unterminated)",
                           R"(<a href>)", R"(<a href=>)", R"(<a href "x">)", R"(<img src="x">)", "href", "hre", ""})
    EXPECT_TRUE(links_of(html).empty()) << html;
  // Reading goes on after a value that is not a link; one never closed runs to the end.
  EXPECT_EQ(links_of("<a href=\"a\tb\"> <a href=\"ok\">"), (std::vector<std::string>{"ok"}));
  EXPECT_TRUE(links_of("<a href=\"abc href='x'>").empty());
  EXPECT_EQ(links_of("<a href='ok'> <b href=\"abc href='x'>"), (std::vector<std::string>{"ok"}));
}

TEST(Links, AgreeWithTheRegularExpressionModelOnRandomPages) {
  const std::string fragments[] = {" href", "href", " HREF", "\nHref", "=", " = ", " ", "\n", "\t", "\"", "'",
                                   "\"u.html\"", "'v w'", "x.html", "<a ", ">", "-", "data-"};
  std::mt19937 random(3);
  std::size_t links = 0;
  for (int page = 0; page < 2000; ++page) {
    std::string html;
    for (auto n = random() % 40; n > 0; --n) html += fragments[random() % std::size(fragments)];
    EXPECT_EQ(links_of(html), model_links(html)) << html;
    links += links_of(html).size();
  }
  EXPECT_GT(links, 50u);  // the pages do have links (114 with this seed)
}

TEST(Links, DistinctLinksAreSortedByBytes) {
  const std::string html = R"(<a href="b"> <a href="B"> <a href="a"> <a href='b'>)";
  EXPECT_EQ(ri::distinct_links(html), (std::vector<std::string_view>{"B", "a", "b"}));
}

TEST(MergeFileLists, IsTheSortedUnion) {
  const ri::merge_file_lists merge;
  EXPECT_EQ(merge({0, 3, 7}, {1, 3, 9}), (ri::FileList{0, 1, 3, 7, 9}));
  EXPECT_EQ(merge({}, {2}), (ri::FileList{2}));
  EXPECT_EQ(merge({4, 5}, {}), (ri::FileList{4, 5}));
}

TEST(MergeFileLists, AccumulatesOneFileInPlaceInAnyOrder) {
  const ri::merge_file_lists merge;
  auto files = ri::merge_file_lists::identity<ri::FileList>();
  for (std::uint32_t file : {3, 5, 5, 1, 9, 4, 1}) merge.accumulate(files, file);
  EXPECT_EQ(files, (ri::FileList{1, 3, 4, 5, 9}));
}

TEST(LinkIndex, FormatAndDifference) {
  const std::vector<std::pair<std::string, ri::FileList>> pairs = {{"z", {0}}, {"a b", {0, 1}}};
  const auto index = ri::LinkIndex::from_pairs({"p/1.html", "p/2.html"}, pairs);
  EXPECT_EQ(ri::format_link_index(index), "a b\tp/1.html\tp/2.html\nz\tp/1.html\n");
  EXPECT_EQ(ri::describe_difference(index, index), "");
  const std::vector<std::pair<std::string, ri::FileList>> other = {{"z", {1}}, {"y", {0}}};
  EXPECT_EQ(ri::describe_difference(index, ri::LinkIndex::from_pairs({"p/1.html", "p/2.html"}, other)),
            "2 links expected, 2 found; a b: missing (expected in 2 files); z: other files (1 instead of 1); "
            "y: unexpected (in 1 files)");
  EXPECT_EQ(ri::describe_difference(index, ri::LinkIndex::from_pairs({"q"}, pairs)), "different input files");
}

TEST(Baselines, HandComputedPages) {
  const auto input = ds::TextInput::in_memory(
      {R"(<a href="x"> <a href="x"> <a href="y">)", "", R"(<A HREF='y'> <a href="z">)"}, UINT64_MAX,
      ds::cut_after_newline);
  const std::vector<std::pair<std::string, ri::FileList>> hand = {{"x", {0}}, {"y", {0, 2}}, {"z", {2}}};
  const auto expected = ri::LinkIndex::from_pairs({"text 1", "text 2", "text 3"}, hand);
  EXPECT_EQ(ri::reverse_index_sequential(input), expected);
  for (std::size_t threads : {1u, 2u, 5u}) EXPECT_EQ(ri::reverse_index_phoenix_like(input, threads), expected);
}
