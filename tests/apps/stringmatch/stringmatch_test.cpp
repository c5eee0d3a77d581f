// String match's parts: grep's whole-word rule, a piece's matches, the numbering of lines over
// pieces, the output format and the comparison; the sequential and Phoenix-like baselines
// against grep itself on random inputs.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/datasets/error.hpp>

#include "sample_inputs.hpp"
#include "stringmatch/baselines.hpp"
#include "stringmatch/key_set.hpp"
#include "stringmatch/line_matches.hpp"
#include "stringmatch/word_runs.hpp"

namespace sm = pgasmr::apps::stringmatch;
namespace ds = pgasmr::datasets;
using pgasmr::test::ScratchDir;

TEST(KeySet, WholeWordsOnly) {
  const sm::KeySet keys({"foo", "bar baz", "C++", "x_1"});
  for (const char* line : {"foo", "foo bar", "a foo", "(foo)", "foo\r", "1 foo.", "the bar baz end", "C++ rocks",
                           "foobar foo", "x_1 x_12"})
    EXPECT_TRUE(keys.matches(line)) << line;
  for (const char* line : {"", "food", "snafoo", "foo1", "_foo", "bar  baz", "xC++", "x_12", "naïvefoo", "fo o"})
    EXPECT_FALSE(keys.matches(line)) << line;
  EXPECT_TRUE(keys.matches(std::string_view("a\0foo", 5)));
  EXPECT_TRUE(keys.matches("\xC3\xA9" "foo\xFF"));  // bytes above 127 are not word bytes in the C locale
  EXPECT_EQ(keys.size(), 4u);
}

TEST(KeySet, ThousandsOfWordKeysEachFoundAndNoOther) {
  std::vector<std::string> words;
  for (int i = 0; i < 20000; ++i) words.push_back("w" + std::to_string(i));
  auto keys_with_repeats = words;
  keys_with_repeats.insert(keys_with_repeats.end(), words.begin(), words.begin() + 100);
  const sm::KeySet keys(std::move(keys_with_repeats));
  EXPECT_EQ(keys.size(), words.size());
  for (const auto& word : words) {
    ASSERT_TRUE(keys.matches("a " + word + ".")) << word;
    ASSERT_FALSE(keys.matches("a " + word + "x")) << word;  // ends inside a word
    ASSERT_FALSE(keys.matches("x" + word)) << word;         // starts inside one
  }
  for (const char* line : {"w20000", "w", "W1", "w-1", "w01"}) EXPECT_FALSE(keys.matches(line)) << line;
}

/// A random line of word bytes, blanks, punctuation, NULs and bytes above 127, its length
/// around the 64-byte blocks of any_word_run.
std::string random_line(std::mt19937& random) {
  static constexpr std::string_view alphabet("abzAZ09_ -.'\0\x80\xff\t", 17);
  std::string line(random() % 200, ' ');
  for (auto& byte : line) byte = alphabet[random() % alphabet.size()];
  return line;
}

TEST(WordRuns, EveryRunOfWordBytesInOrder) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 3000; ++trial) {
    const auto line = random_line(random);
    std::vector<std::string_view> expected, found;
    for (std::size_t at = 0; at < line.size();) {  // the runs, byte by byte
      auto end = at;
      while (end < line.size() && sm::is_word_constituent(line[end])) ++end;
      if (end > at) expected.push_back(std::string_view(line).substr(at, end - at));
      at = end + 1;
    }
    EXPECT_FALSE(sm::any_word_run(line, [&](std::string_view run) {
      found.push_back(run);
      return false;
    }));
    ASSERT_EQ(found, expected) << "line of " << line.size() << " bytes";
    if (expected.size() >= 2) {  // stops at the first run found
      std::size_t calls = 0;
      EXPECT_TRUE(sm::any_word_run(line, [&](std::string_view run) { return ++calls, run == expected[1]; }));
      EXPECT_LE(calls, 2u);
    }
  }
}

TEST(KeySet, WordKeysAloneMatchAsWhenEveryPlaceIsTried) {
  // A key with a byte no line holds sends a key set down the path that tries every place with
  // every key length: both paths must agree.
  std::mt19937 random(11);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<std::string> words;
    for (auto count = 1 + random() % 20; count > 0; --count) {
      std::string word(1 + random() % 4, 'a');
      for (auto& byte : word) byte = "abzAZ09_"[random() % 8];
      words.push_back(word);
    }
    auto with_other = words;
    with_other.push_back("\x01-");
    const sm::KeySet fast(words), every_place(with_other);
    for (int line = 0; line < 50; ++line) {
      const auto text = random_line(random);
      ASSERT_EQ(fast.matches(text), every_place.matches(text)) << "trial " << trial;
    }
  }
}

TEST(KeySet, KeysStartingOrEndingWithNonWordBytes) {
  const sm::KeySet keys({"-x", "y."});
  EXPECT_TRUE(keys.matches("a -x"));
  EXPECT_FALSE(keys.matches("a-x"));  // grep wants a non-word byte before the key, even a "-"
  EXPECT_TRUE(keys.matches("y. a"));
  EXPECT_FALSE(keys.matches("y.a"));
}

TEST(KeySet, EmptyKeyMatchesWhereNoWordByteIsOnEitherSide) {
  const sm::KeySet keys({""});
  for (const char* line : {"", " ", "a  b", "(a", "a.", "++"}) EXPECT_TRUE(keys.matches(line)) << line;
  for (const char* line : {"a", "a b", "ab_1", "x.y"}) EXPECT_FALSE(keys.matches(line)) << line;
  EXPECT_EQ(keys.size(), 1u);
}

TEST(KeySet, ReadsTheKeyFileAsGrepDoes) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "keys", "one\r\ntwo\nthree");  // CR kept; a last line without newline
  const auto keys = sm::KeySet::read(dir / "keys");
  EXPECT_EQ(keys.size(), 3u);
  EXPECT_TRUE(keys.matches("three"));
  EXPECT_TRUE(keys.matches("one\r"));
  EXPECT_FALSE(keys.matches("one"));
  pgasmr::test::write_file(dir / "none", "");
  pgasmr::test::expect_throw_containing<ds::input_error>([&] { sm::KeySet::read(dir / "none"); }, "has no keys");
  pgasmr::test::expect_throw_containing<ds::input_error>([&] { sm::KeySet::read(dir / "missing"); },
                                                         "key file: cannot open");
  pgasmr::test::expect_throw_containing<ds::input_error>([&] { sm::KeySet::read(dir.path()); }, "is a directory");
}

TEST(MatchPiece, NumbersLinesWithinThePiece) {
  const sm::KeySet keys({"k"});
  const auto matches = sm::match_piece("k\nno\n\nk k\nlast k", keys);
  EXPECT_EQ(matches.newlines, 4u);
  EXPECT_EQ(matches.lines, (std::vector<sm::PieceLine>{{0, "k"}, {3, "k k"}, {4, "last k"}}));
  EXPECT_EQ(sm::match_piece("", keys), sm::PieceMatches{});
  EXPECT_EQ(sm::match_piece("\n\n", keys).newlines, 2u);
}

namespace {

/// Every piece of `input` matched and numbered, as the engine and the baselines do.
sm::LineMatches match_all_pieces(const ds::TextInput& input, const sm::KeySet& keys) {
  std::vector<pgasmr::mr::KeyValue<std::uint64_t, sm::PieceMatches>> pieces;
  std::string buffer;
  for (std::size_t i = 0; i < input.pieces().size(); ++i)
    pieces.push_back({i, sm::match_piece(input.text(input.pieces()[i], buffer), keys)});
  return sm::LineMatches::from_pieces(input, pieces);
}

}  // namespace

TEST(LineMatches, NumbersLinesOverThePiecesOfEachFile) {
  auto input = ds::TextInput::in_memory({"a\nb\nk\nk\na\n", "k\nx"}, 4, ds::cut_after_newline);
  ASSERT_GT(input.pieces().size(), 3u);  // the first text is cut in several pieces
  const auto matches = match_all_pieces(input, sm::KeySet({"k"}));
  EXPECT_EQ(matches.lines(), (std::vector<sm::MatchedLine>{{0, 3, "k"}, {0, 4, "k"}, {1, 1, "k"}}));
  EXPECT_EQ(sm::format_line_matches(matches), "text 1:3:k\ntext 1:4:k\ntext 2:1:k\n");
  EXPECT_EQ(matches, sm::match_lines_sequential({sm::KeySet({"k"}), input}));
}

TEST(LineMatches, LongLinesTravelAsTheirPlaceAndAreReadForTheOutput) {
  const std::string long_line = "k " + std::string(sm::carried_line_bytes, 'x');
  const sm::KeySet keys({"k"});
  EXPECT_EQ(sm::match_piece("a\n" + long_line + "\nk\n", keys).lines,
            (std::vector<sm::PieceLine>{{1, "", {2, long_line.size()}}, {2, "k"}}));

  // Pieces of a few lines each, so that the long lines' places move from pieces to files.
  const std::vector<std::string> texts = {"a\nk\n" + long_line + "\nb\n" + long_line + "\n", "b\n" + long_line};
  ScratchDir dir;
  const auto on_disk = pgasmr::apps::test::files_input(dir, texts, {"k"}, 4);
  const sm::StringMatchInput in_memory{keys, ds::TextInput::in_memory(texts, 4, ds::cut_after_newline)};
  for (const auto* input : {&on_disk, &in_memory}) {
    const auto matches = match_all_pieces(input->text, keys);
    ASSERT_EQ(matches.lines().size(), 4u);
    EXPECT_TRUE(matches.lines()[1].text.empty());  // held as a place only
    EXPECT_EQ(matches.lines()[1].long_line, (sm::LinePlace{4, long_line.size()}));
    EXPECT_EQ(matches, sm::match_lines_sequential(*input));
    EXPECT_EQ(matches, sm::match_lines_phoenix_like(*input, 2));
    const auto names = sm::grep_names(input->text);
    EXPECT_EQ(sm::format_line_matches(matches), names[0] + ":2:k\n" + names[0] + ":3:" + long_line + "\n" + names[0] +
                                                    ":5:" + long_line + "\n" + names[1] + ":2:" + long_line + "\n");
    std::string buffer;
    EXPECT_EQ(matches.text(matches.lines()[3], buffer, 4), "k xx");
    EXPECT_EQ(matches.text(matches.lines()[0], buffer, 4), "k");
  }
  EXPECT_EQ(sm::format_line_matches(match_all_pieces(on_disk.text, keys)),
            pgasmr::apps::test::grep_output(dir, on_disk));
}

TEST(LineMatches, RefusesMissingOrMisorderedPieces) {
  auto input = ds::TextInput::in_memory({"a\nb\n"}, 2, ds::cut_after_newline);
  ASSERT_EQ(input.pieces().size(), 2u);
  std::vector<pgasmr::mr::KeyValue<std::uint64_t, sm::PieceMatches>> pieces = {{1, {}}, {0, {}}};
  EXPECT_THROW(sm::LineMatches::from_pieces(input, pieces), std::logic_error);
  pieces.pop_back();
  EXPECT_THROW(sm::LineMatches::from_pieces(input, pieces), std::logic_error);
}

TEST(LineMatches, DifferenceNamesTheFirstDifferentLine) {
  const sm::LineMatches expected({"f"}, {{0, 1, "k"}, {0, 7, "k k"}});
  EXPECT_EQ(sm::describe_difference(expected, expected), "");
  const sm::LineMatches actual({"f"}, {{0, 1, "k"}, {0, 8, "k k"}});
  EXPECT_EQ(sm::describe_difference(expected, actual),
            "2 matching lines expected, 2 found; first missing or different: f:7; first unexpected or different: f:8");
  EXPECT_EQ(sm::describe_difference(expected, sm::LineMatches({"g"}, {})), "different input files");
}

TEST(Baselines, AgreeWithGrepOnRandomInputs) {
  for (unsigned seed = 0; seed < 60; ++seed) {
    std::mt19937 random(seed);
    ScratchDir dir;
    std::vector<std::string> texts;
    for (auto files = 1 + random() % 3; files > 0; --files)
      texts.push_back(pgasmr::apps::test::random_text(random, random() % 30));
    const auto keys = pgasmr::apps::test::random_keys(random, seed % 10 == 0);
    const auto input = pgasmr::apps::test::files_input(dir, texts, keys, 1 + random() % 40);
    const auto expected = pgasmr::apps::test::grep_output(dir, input);
    const auto sequential = sm::match_lines_sequential(input);
    EXPECT_EQ(sm::format_line_matches(sequential), expected) << "seed " << seed;
    for (std::size_t threads : {1u, 3u})
      EXPECT_EQ(sm::match_lines_phoenix_like(input, threads), sequential) << "seed " << seed;
  }
}
