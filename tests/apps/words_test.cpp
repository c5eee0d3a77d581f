// The word tokenizer and its case-insensitive hash and equality, on hand-computed inputs.

#include <gtest/gtest.h>

#include <map>
#include <span>
#include <string>
#include <vector>

#include "common/words.hpp"
#include "words_of.hpp"

namespace apps = pgasmr::apps;

namespace {

using pgasmr::apps::test::words_of;

std::map<std::string, int> upper_counts(std::string_view text) {
  std::map<std::string, int> counts;
  apps::for_each_word(text, [&](std::string_view word) { ++counts[apps::to_upper(word)]; });
  return counts;
}

/// The definition read byte by byte: skip to a letter, then take letters and apostrophes.
std::vector<std::string> reference_words(std::string_view text) {
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!letter(text[i])) {
      ++i;
      continue;
    }
    std::size_t start = i;
    while (i < text.size() && (letter(text[i]) || text[i] == '\'')) ++i;
    words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

}  // namespace

TEST(Words, PhoenixDefinitionOnASentence) {
  std::map<std::string, int> expected{{"DON'T", 2}, {"STOP", 1}, {"ME", 1}, {"NOW", 1}};
  EXPECT_EQ(upper_counts("Don't stop-me NOW, don't!"), expected);
}

TEST(Words, KeepOriginalCaseAndOrder) {
  EXPECT_EQ(words_of("Don't stop-me"), (std::vector<std::string>{"Don't", "stop", "me"}));
}

TEST(Words, StartWithALetterAndKeepApostrophes) {
  EXPECT_EQ(words_of("'tis"), std::vector<std::string>{"tis"});
  EXPECT_EQ(words_of("a''b"), std::vector<std::string>{"a''b"});
  EXPECT_EQ(words_of("dogs' tails'"), (std::vector<std::string>{"dogs'", "tails'"}));
  EXPECT_EQ(words_of("'''"), std::vector<std::string>{});
}

TEST(Words, DigitsPunctuationAndHighBytesSeparate) {
  EXPECT_EQ(words_of("abc123def_ghi-jkl"), (std::vector<std::string>{"abc", "def", "ghi", "jkl"}));
  EXPECT_EQ(words_of("caf\xC3\xA9 na\xEFve\x80x\xFF"), (std::vector<std::string>{"caf", "na", "ve", "x"}));
  EXPECT_EQ(words_of(std::string_view("a\0b", 3)), (std::vector<std::string>{"a", "b"}));
}

TEST(Words, EmptyAndSeparatorOnlyTexts) {
  EXPECT_TRUE(words_of("").empty());
  EXPECT_TRUE(words_of(" \n\t.,;:!?0123456789\"-()' \x80\xFF").empty());
}

TEST(Words, TenMegabyteWord) {
  std::string text = " " + std::string(10u << 20, 'q') + "\n";
  auto words = words_of(text);
  ASSERT_EQ(words.size(), 1u);
  EXPECT_EQ(words[0].size(), 10u << 20);
}

TEST(Words, EveryCutOfATextAcrossBlockBoundaries) {
  // Runs of every length around the 64-byte blocks the tokenizer works in: words, apostrophe
  // runs, leading apostrophes, letters next to '@', '[', '`', '{' (neighbours of the letters).
  std::string text;
  for (int length = 1; length <= 70; length += 3) {
    text += std::string(static_cast<std::size_t>(length), static_cast<char>('a' + length % 26));
    text += length % 2 ? "''x " : "@Z[`{ \x80";
    text += "'" + std::string(static_cast<std::size_t>(length % 5), '\'') + "q ";
  }
  ASSERT_GT(text.size(), 300u);
  // Every start within a block, every end over two blocks from it, then every 13th.
  for (std::size_t begin = 0; begin <= 64; ++begin)
    for (std::size_t end = begin; end <= text.size(); end += end - begin < 130 ? 1 : 13) {
      auto piece = std::string_view(text).substr(begin, end - begin);
      ASSERT_EQ(words_of(piece), reference_words(piece)) << "bytes " << begin << ".." << end;
    }
}

TEST(Words, UpperCasingTheTextWhileFindingItsWordsEveryCutAcrossBlocks) {
  // Every byte value, and words and apostrophes around the 64-byte blocks: the words found are
  // the upper-case spellings of for_each_word's, and the text is left as upper_case_in_place
  // leaves it, the short last block included.
  std::string text;
  for (int byte = 0; byte < 256; ++byte) text += static_cast<char>(byte);
  for (int length = 1; length <= 70; length += 3)
    text += std::string(static_cast<std::size_t>(length), static_cast<char>((length % 2 ? 'a' : 'A') + length % 26)) +
            (length % 2 ? "''x " : "'q`z{ ");
  for (std::size_t begin = 0; begin <= 64; ++begin)
    for (std::size_t end = begin; end <= text.size(); end += end - begin < 130 ? 1 : 13) {
      const std::string original = text.substr(begin, end - begin);
      std::string expected_text = original;
      apps::upper_case_in_place(expected_text.data(), expected_text.size());
      std::vector<std::string> expected_words;
      for (const auto& word : words_of(original)) expected_words.push_back(apps::to_upper(word));
      std::string piece = original;
      std::vector<std::string> words;
      apps::for_each_word_upper_casing(std::span(piece), [&](std::string_view word) { words.emplace_back(word); });
      ASSERT_EQ(words, expected_words) << "bytes " << begin << ".." << end;
      ASSERT_EQ(piece, expected_text) << "bytes " << begin << ".." << end;
    }
}

TEST(Words, ToUpperTouchesLettersOnly) { EXPECT_EQ(apps::to_upper("Don't-Stop"), "DON'T-STOP"); }
