// The word count baselines and the result format, against hand-computed and modelled counts.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "text_model.hpp"
#include "wordcount/baselines.hpp"
#include "common/text_pieces.hpp"
#include "wordcount/word_counts.hpp"

namespace apps = pgasmr::apps;
namespace wc = pgasmr::apps::wordcount;
using pgasmr::apps::test::model_result;
using pgasmr::apps::test::sample_text;

namespace {

constexpr std::string_view hand_text = "The cat and the hat. THE END; cat's\n";
const std::vector<wc::WordCount> hand_counts = {
    {"THE", 3}, {"AND", 1}, {"CAT", 1}, {"CAT'S", 1}, {"END", 1}, {"HAT", 1}};

}  // namespace

TEST(WordCountBaselines, SequentialOnHandComputedText) {
  EXPECT_EQ(wc::count_words_sequential(hand_text).entries(), hand_counts);
}

TEST(WordCountBaselines, PhoenixLikeOnHandComputedText) {
  for (std::size_t threads : {1u, 2u, 3u, 8u})
    EXPECT_EQ(wc::count_words_phoenix_like(apps::text_in_memory(std::string(hand_text), threads), threads).entries(),
              hand_counts)
        << threads << " threads";
}

TEST(WordCountBaselines, EdgeTexts) {
  const std::string texts[] = {"", " ,.;\n\t123 \x80\xFF '' ", std::string(10u << 20, 'w') + " w W",
                               "\xC3\xA9t\xC3\xA9 caf\xC3\xA9"};
  for (const auto& text : texts) {
    auto expected = model_result(text);
    EXPECT_EQ(wc::count_words_sequential(text), expected);
    for (std::size_t threads : {1u, 3u})
      EXPECT_EQ(wc::count_words_phoenix_like(apps::text_in_memory(text, threads), threads), expected);
  }
}

TEST(WordCountBaselines, AgreeWithTheModelOnAGeneratedText) {
  auto text = sample_text(1u << 20, 7);
  auto expected = model_result(text);
  EXPECT_EQ(wc::count_words_sequential(text), expected);
  for (std::size_t threads : {1u, 2u, 3u, 4u, 8u})
    EXPECT_EQ(wc::count_words_phoenix_like(apps::text_in_memory(text, threads), threads), expected) << threads << " threads";
}

TEST(WordCounts, OutputOrderAndFormat) {
  auto counts = wc::count_words_sequential(hand_text);
  EXPECT_EQ(wc::format_word_counts(counts), "THE\t3\nAND\t1\nCAT\t1\nCAT'S\t1\nEND\t1\nHAT\t1\n");
  EXPECT_EQ(counts.total_words(), 8u);
  EXPECT_EQ(wc::format_word_counts(wc::count_words_sequential("")), "");
}

// The order by count (a radix sort) against a comparison sort: many ties, and counts in every
// digit's range up to 64 bits, arriving in word order and out of it.
TEST(WordCounts, OrderOfManyCountsAndTies) {
  std::mt19937_64 random(11);
  std::vector<std::pair<std::string, std::uint64_t>> pairs;
  for (int i = 0; i < 20000; ++i) {
    auto word = "W" + std::to_string(random() % 1000000);
    auto magnitude = random() % 4;  // small counts tie often; the others spread over 64 bits
    auto count = magnitude == 0 ? 1 + random() % 5 : random() >> (magnitude == 1 ? 40 : magnitude == 2 ? 20 : 0);
    pairs.emplace_back(std::move(word), count);
  }
  std::ranges::sort(pairs);
  pairs.erase(std::unique(pairs.begin(), pairs.end(), [](auto& a, auto& b) { return a.first == b.first; }),
              pairs.end());
  auto expected = pairs;
  std::ranges::sort(expected, [](auto& a, auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
  for (bool shuffled : {false, true}) {
    if (shuffled) std::ranges::shuffle(pairs, random);
    auto counts = wc::WordCounts::from_pairs(pairs);
    ASSERT_EQ(counts.entries().size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
      ASSERT_EQ(counts.entries()[i].word, expected[i].first) << "at " << i << (shuffled ? " (shuffled)" : "");
      ASSERT_EQ(counts.entries()[i].count, expected[i].second) << "at " << i;
    }
  }
}

TEST(WordCounts, DifferenceNamesTheWords) {
  auto expected = wc::count_words_sequential("a a b");
  EXPECT_EQ(wc::describe_difference(expected, expected), "");
  auto difference = wc::describe_difference(expected, wc::count_words_sequential("a b b c"));
  EXPECT_NE(difference.find("A: 1 instead of 2"), std::string::npos) << difference;
  EXPECT_NE(difference.find("C: unexpected"), std::string::npos) << difference;
  EXPECT_NE(wc::describe_difference(expected, wc::count_words_sequential("a a")).find("B: missing"), std::string::npos);
}
