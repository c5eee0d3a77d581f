// Cutting a text into pieces: the pieces cover it exactly and never split a word.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "wordcount/text_chunks.hpp"
#include "wordcount/words.hpp"

namespace wc = pgasmr::apps::wordcount;

namespace {

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  wc::for_each_word(text, [&](std::string_view word) { words.emplace_back(word); });
  return words;
}

std::vector<std::string> as_strings(const std::vector<std::string_view>& views) {
  return {views.begin(), views.end()};
}

}  // namespace

TEST(TextChunks, HandComputedCuts) {
  // 8 bytes in 2 pieces: the ideal cut at byte 4 falls in "cd" and moves to the space after it.
  EXPECT_EQ(as_strings(wc::split_between_words("ab cd ef", 2)), (std::vector<std::string>{"ab cd", " ef"}));
  // A cut never falls between apostrophes and letters of one word.
  EXPECT_EQ(as_strings(wc::split_between_words("a''b c", 2)), (std::vector<std::string>{"a''b", " c"}));
  EXPECT_EQ(as_strings(wc::split_between_words("x", 5)), std::vector<std::string>{"x"});
}

TEST(TextChunks, EmptyTextHasNoPieces) { EXPECT_TRUE(wc::split_between_words("", 4).empty()); }

TEST(TextChunks, LongWordStaysInOnePiece) {
  std::string text = std::string(10u << 20, 'w');
  auto chunks = wc::split_between_words(text, 8);
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_EQ(chunks[0].size(), text.size());
}

TEST(TextChunks, PiecesCoverTheTextAndKeepEveryWord) {
  std::string text;
  const char* samples[] = {"Don't", " ", "stop-me", "\n", "a''b", "  ", "'tis", ", ", "x", "\xC3\xA9t\xC3\xA9", " ", "longerwordhere"};
  for (int round = 0; round < 40; ++round)
    for (const char* sample : samples) text += sample;
  const auto all_words = words_of(text);
  for (std::size_t target = 1; target <= 64; ++target) {
    auto chunks = wc::split_between_words(text, target);
    EXPECT_LE(chunks.size(), target);
    std::string joined;
    std::vector<std::string> words;
    for (auto chunk : chunks) {
      EXPECT_FALSE(chunk.empty());
      joined += chunk;
      for (auto& word : words_of(chunk)) words.push_back(word);
    }
    EXPECT_EQ(joined, text) << target;
    EXPECT_EQ(words, all_words) << target;
  }
}

TEST(TextChunks, SeveralPiecesPerThreadAndAtMostAMebibyteEach) {
  for (std::size_t threads : {1u, 2u, 8u})
    for (std::size_t bytes : {std::size_t{0}, std::size_t{100}, std::size_t{200} << 20}) {
      auto chunks = wc::chunk_count_for(bytes, threads);
      EXPECT_GE(chunks, 8 * threads);
      EXPECT_GE(chunks << 20, bytes);
    }
}
