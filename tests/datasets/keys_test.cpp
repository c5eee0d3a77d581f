#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/keys.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::expect_throw_containing;
using pgasmr::test::ScratchDir;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// The corpus's words as grep -w sees them: runs of letters, digits and underscores.
std::set<std::string> grep_words(const std::string& text) {
  std::set<std::string> words;
  std::string word;
  for (char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      word += c;
    } else if (!word.empty()) {
      words.insert(word);
      word.clear();
    }
  }
  return words;
}

const std::string corpus_text = "The cat's hat, x_1 and 42; caf\xc3\xa9 don't\nthe END end\n";

}  // namespace

TEST(Keys, PresentAndAbsentWordsInASeededOrder) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "corpus", corpus_text);
  const auto corpus_words = grep_words(corpus_text);  // 13: The cat s hat x_1 and 42 caf don t the END end
  ASSERT_EQ(corpus_words.size(), 13u);
  ds::generate_keys(dir / "keys", {.seed = 3, .count = 12, .absent_percent = 50, .corpus = dir / "corpus"});
  const auto keys = lines_of(pgasmr::test::read_file(dir / "keys"));
  ASSERT_EQ(keys.size(), 12u);
  EXPECT_EQ(std::set<std::string>(keys.begin(), keys.end()).size(), 12u) << "distinct";
  std::size_t present = 0;
  for (const auto& key : keys) {
    if (corpus_words.contains(key)) {
      ++present;
    } else {
      EXPECT_TRUE(key.size() >= 4 && key.size() <= 10) << key;
      EXPECT_EQ(key.find_first_not_of("abcdefghijklmnopqrstuvwxyz"), std::string::npos) << key;
    }
  }
  EXPECT_EQ(present, 6u);

  ds::generate_keys(dir / "again", {.seed = 3, .count = 12, .absent_percent = 50, .corpus = dir / "corpus"});
  EXPECT_EQ(pgasmr::test::read_file(dir / "again"), pgasmr::test::read_file(dir / "keys"));
  ds::generate_keys(dir / "other", {.seed = 4, .count = 12, .absent_percent = 50, .corpus = dir / "corpus"});
  EXPECT_NE(pgasmr::test::read_file(dir / "other"), pgasmr::test::read_file(dir / "keys"));

  ds::generate_keys(dir / "all", {.seed = 1, .count = 13, .absent_percent = 0, .corpus = dir / "corpus"});
  const auto all = lines_of(pgasmr::test::read_file(dir / "all"));
  EXPECT_EQ(std::set<std::string>(all.begin(), all.end()), corpus_words);
}

TEST(Keys, RefusesImpossibleRequestsWithoutWritingAFile) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "corpus", corpus_text);
  expect_throw_containing<ds::input_error>(
      [&] { ds::generate_keys(dir / "keys", {.count = 14, .absent_percent = 0, .corpus = dir / "corpus"}); },
      "has 13 distinct words, fewer than the 14 present keys");
  expect_throw_containing<ds::input_error>(
      [&] { ds::generate_keys(dir / "keys", {.count = 1, .corpus = dir / "absent"}); }, "cannot open");
  EXPECT_THROW(ds::generate_keys(dir / "keys", {.count = 0, .corpus = dir / "corpus"}), std::invalid_argument);
  EXPECT_THROW(ds::generate_keys(dir / "keys", {.count = 1, .absent_percent = 101, .corpus = dir / "corpus"}),
               std::invalid_argument);
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"corpus"});
}
