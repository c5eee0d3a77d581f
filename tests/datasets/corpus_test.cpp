#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <pgasmr/datasets/corpus.hpp>
#include <pgasmr/datasets/error.hpp>

#include "scratch_dir.hpp"
#include "text_tokens.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::expect_throw_containing;
using pgasmr::test::ScratchDir;

/// A dictionary of `count` made-up lower-case words plus the kinds of entries a real word
/// list has: a contraction, a possessive, a capitalised name and a non-ASCII word.
std::vector<std::string> test_dictionary(std::size_t count) {
  std::vector<std::string> words = {"don't", "cat's", "Zanzibar", "caf\xc3\xa9"};
  for (std::size_t i = 0; words.size() < count; ++i) {
    std::string word;
    for (auto n = i + 26; n > 0; n /= 26) word += static_cast<char>('a' + n % 26);
    words.push_back(word);
  }
  return words;
}

std::filesystem::path write_dictionary(const ScratchDir& dir, const std::vector<std::string>& words) {
  std::string text;
  for (const auto& word : words) text += word + "\n";
  pgasmr::test::write_file(dir / "words", text);
  return dir / "words";
}

std::string corpus(const ScratchDir& dir, ds::CorpusOptions options) {
  ds::generate_corpus(dir / "corpus.txt", options);
  return pgasmr::test::read_file(dir / "corpus.txt");
}

TEST(Corpus, has_exactly_the_requested_size_and_ends_with_a_newline) {
  ScratchDir dir;
  auto dictionary = write_dictionary(dir, test_dictionary(300));
  for (std::uint64_t bytes : {0, 1, 2, 3, 10, 77, 1000, (1 << 20) + 7}) {
    SCOPED_TRACE("bytes: " + std::to_string(bytes));
    auto text = corpus(dir, {.seed = 5, .bytes = bytes, .dictionary = dictionary});
    ASSERT_EQ(text.size(), bytes);
    if (bytes > 0) {
      EXPECT_EQ(text.back(), '\n');
    }
  }
  EXPECT_EQ(dir.entries().size(), 2u) << "only the dictionary and the corpus, no temporary file";
}

TEST(Corpus, same_seed_gives_the_same_bytes_and_another_seed_other_bytes) {
  ScratchDir dir;
  auto dictionary = write_dictionary(dir, test_dictionary(300));
  auto first = corpus(dir, {.seed = 7, .bytes = 200000, .dictionary = dictionary});
  auto again = corpus(dir, {.seed = 7, .bytes = 200000, .dictionary = dictionary});
  auto other = corpus(dir, {.seed = 8, .bytes = 200000, .dictionary = dictionary});
  EXPECT_EQ(first, again);
  EXPECT_NE(first, other);
}

TEST(Corpus, uses_the_dictionary_words_as_they_are) {
  ScratchDir dir;
  auto words = test_dictionary(300);
  auto dictionary = write_dictionary(dir, words);
  std::set<std::string> known;
  for (const auto& word : words) known.insert(pgasmr::test::ascii_lower(word));
  auto counts = pgasmr::test::word_counts(corpus(dir, {.seed = 3, .bytes = 1 << 20, .dictionary = dictionary}));
  for (const auto& [word, count] : counts) EXPECT_TRUE(known.contains(word)) << "'" << word << "' is not in the dictionary";
  // The special entries come through whole: apostrophes and UTF-8 bytes are kept.
  for (const auto& special : {"don't", "cat's", "zanzibar", "caf\xc3\xa9"}) EXPECT_GT(counts[special], 0u) << special;
}

TEST(Corpus, word_frequencies_follow_zipf) {
  ScratchDir dir;
  auto dictionary = write_dictionary(dir, test_dictionary(1000));
  auto counts = pgasmr::test::sorted_counts(
      pgasmr::test::word_counts(corpus(dir, {.seed = 11, .bytes = 2 << 20, .dictionary = dictionary})));
  ASSERT_GT(counts.size(), 500u);
  // With exponent 1 the k-th most frequent word appears about 1/k as often as the first.
  auto median = counts[counts.size() / 2];
  EXPECT_GT(counts[0], 50 * median);
  EXPECT_NEAR(static_cast<double>(counts[0]) / static_cast<double>(counts[1]), 2.0, 0.2);
  EXPECT_NEAR(static_cast<double>(counts[0]) / static_cast<double>(counts[9]), 10.0, 1.5);

  // Exponent 0: every word equally likely.
  auto flat = pgasmr::test::sorted_counts(pgasmr::test::word_counts(
      corpus(dir, {.seed = 11, .bytes = 2 << 20, .dictionary = dictionary, .zipf_s = 0.0})));
  EXPECT_LT(flat[0], 2 * flat[flat.size() / 2]);
}

TEST(Corpus, looks_like_prose) {
  ScratchDir dir;
  auto dictionary = write_dictionary(dir, test_dictionary(300));
  auto text = corpus(dir, {.seed = 2, .bytes = 200000, .dictionary = dictionary});
  std::size_t longest_line = 0, lines = 0, line_start = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') {
      auto line = std::string_view(text).substr(line_start, i - line_start);
      // A line is at most 72 columns unless it is one word (and its punctuation).
      if (line.find(' ') != std::string_view::npos) longest_line = std::max(longest_line, line.size());
      ++lines;
      line_start = i + 1;
    }
  EXPECT_LE(longest_line, 72u);
  EXPECT_GT(lines, 200000u / 80);
  EXPECT_NE(text.find("\n\n"), std::string::npos) << "paragraphs";
  for (char mark : {'.', ',', '?', '!'}) EXPECT_NE(text.find(mark), std::string::npos) << mark;
  // Sentences start with a capital: the first letter after ". " is upper case.
  auto sentence = text.find(". ");
  ASSERT_NE(sentence, std::string::npos);
  char first = text[sentence + 2];
  EXPECT_TRUE(first >= 'A' && first <= 'Z') << text.substr(sentence, 20);
}

TEST(Corpus, builtin_vocabulary_serves_without_a_dictionary) {
  ScratchDir dir;
  auto text = corpus(dir, {.seed = 1, .bytes = 1 << 20, .dictionary = ""});
  EXPECT_EQ(text, corpus(dir, {.seed = 1, .bytes = 1 << 20, .dictionary = ""}));
  auto counts = pgasmr::test::word_counts(text);
  EXPECT_GT(counts.size(), 10000u);
  auto most_frequent = std::max_element(counts.begin(), counts.end(),
                                        [](const auto& a, const auto& b) { return a.second < b.second; });
  EXPECT_EQ(most_frequent->first, "the");
  EXPECT_NE(text.find('\''), std::string::npos) << "contractions and possessives";
  EXPECT_NE(text.find('\xc3'), std::string::npos) << "some non-ASCII words";
}

TEST(Corpus, system_dictionary_or_its_fallback_always_works) {
  ScratchDir dir;
  auto text = corpus(dir, {.seed = 1, .bytes = 100000});
  EXPECT_EQ(text.size(), 100000u);
  EXPECT_GT(pgasmr::test::word_counts(text)["the"], 0u);
}

TEST(Corpus, missing_or_empty_dictionary_is_refused_and_writes_nothing) {
  ScratchDir dir;
  auto missing = dir / "no-words";
  expect_throw_containing<ds::input_error>([&] { corpus(dir, {.bytes = 100, .dictionary = missing}); },
                                           "cannot open '" + missing.string() + "': No such file or directory");
  pgasmr::test::write_file(dir / "blank", "\n\n   \n");
  expect_throw_containing<ds::input_error>([&] { corpus(dir, {.bytes = 100, .dictionary = dir / "blank"}); },
                                           "holds no words");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"blank"});
}

TEST(Corpus, negative_exponent_is_refused) {
  ScratchDir dir;
  auto dictionary = write_dictionary(dir, test_dictionary(10));
  expect_throw_containing<std::invalid_argument>(
      [&] { corpus(dir, {.bytes = 100, .dictionary = dictionary, .zipf_s = -1.0}); }, "Zipf exponent");
}

TEST(Corpus, reports_progress_up_to_the_total) {
  ScratchDir dir;
  auto dictionary = write_dictionary(dir, test_dictionary(100));
  std::vector<std::pair<std::uint64_t, std::uint64_t>> reports;
  std::uint64_t total = (3 << 20) + 5;
  ds::generate_corpus(dir / "corpus.txt", {.seed = 1, .bytes = total, .dictionary = dictionary},
                      [&](std::uint64_t done, std::uint64_t of) { reports.emplace_back(done, of); });
  ASSERT_GE(reports.size(), 3u);
  for (std::size_t i = 1; i < reports.size(); ++i) EXPECT_LE(reports[i - 1].first, reports[i].first);
  for (const auto& report : reports) EXPECT_EQ(report.second, total);
  EXPECT_EQ(reports.back().first, total);
}

}  // namespace
