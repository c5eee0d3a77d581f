// The keyword file, the result's format and comparison, and the sequential and Phoenix-like
// baselines, against hand-computed and modelled counts.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>

#include "spam_model.hpp"
#include "spamcount/baselines.hpp"
#include "spamcount/keyword_counts.hpp"
#include "spamcount/keywords.hpp"

namespace spam = pgasmr::apps::spamcount;
namespace model = pgasmr::apps::test;
using pgasmr::datasets::input_error;

namespace {

std::string parse_error(std::string_view text) {
  try {
    spam::Keywords::parse(text, "kw.txt");
  } catch (const input_error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(Keywords, LinesInOrderWithRepeatsBlanksAndCrlf) {
  auto keywords = spam::Keywords::parse("free\r\n\n  Money \t\r\n\t\nFREE\ndon't\nmoney", "kw.txt");
  EXPECT_EQ(keywords.distinct(), (std::vector<std::string>{"FREE", "MONEY", "DON'T"}));
  EXPECT_EQ(keywords.lines(), (std::vector<std::uint32_t>{0, 1, 0, 2, 1}));
  EXPECT_EQ(keywords.find("MONEY"), 1u);
  EXPECT_EQ(keywords.find("DON'T"), 2u);
  EXPECT_EQ(keywords.find("money"), std::nullopt) << "the table holds upper-case spellings";
  EXPECT_EQ(keywords.find("FREEDOM"), std::nullopt);
}

TEST(Keywords, RefusesALineThatIsNotOneWordNamingIt) {
  EXPECT_EQ(parse_error("free\nspam\ne-mail\n"),
            "'kw.txt' line 3: 'e-mail' is not a word (an ASCII letter, then ASCII letters and apostrophes): "
            "byte 2 is '-'");
  EXPECT_NE(parse_error("'tis\n").find("line 1: ''tis' is not a word (an ASCII letter, then ASCII letters and "
                                        "apostrophes): it starts with an apostrophe"),
            std::string::npos);
  EXPECT_NE(parse_error("ok\r\ncaf\xC3\xA9\r\n").find("line 2: 'caf\xC3\xA9' is not a word"), std::string::npos);
  EXPECT_NE(parse_error("ok\r\ncaf\xC3\xA9\r\n").find("byte 4 is 0xc3"), std::string::npos);
  EXPECT_NE(parse_error("two words\n").find("line 1: 'two words'"), std::string::npos);
  EXPECT_NE(parse_error("two words\n").find("byte 4 is 0x20"), std::string::npos);
  EXPECT_NE(parse_error("x\n42\n").find("line 2: '42'"), std::string::npos);
  EXPECT_NE(parse_error("x\tx\n").find("byte 2 is 0x09"), std::string::npos);
}

TEST(Keywords, NamesAByteOrderMarkAndBytesThatLookBlank) {
  // Both print like a word or a blank the help says is ignored: the message names the bytes.
  EXPECT_NE(parse_error("\xEF\xBB\xBF" "free\nmoney\n").find("line 1: '\xEF\xBB\xBF" "free' is not a word (an ASCII letter, "
                                                            "then ASCII letters and apostrophes): it starts with a "
                                                            "UTF-8 byte-order mark"),
            std::string::npos);
  EXPECT_NE(parse_error("free\xC2\xA0\n").find("byte 5 is 0xc2"), std::string::npos);
}

TEST(Keywords, RefusesAFileWithoutKeywords) {
  for (std::string_view text : {"", "\n", " \t\r\n\r\n  \n"}) EXPECT_EQ(parse_error(text), "'kw.txt' has no keywords");
  EXPECT_THROW(spam::Keywords::read("/no/such/keywords.txt"), input_error);
}

TEST(KeywordCounts, FormatAndDifference) {
  auto keywords = spam::Keywords::parse("free\nmoney\nFree\n", "kw.txt");
  spam::KeywordCounts counts(keywords, std::vector<std::uint64_t>{4, 0});
  EXPECT_EQ(spam::format_keyword_counts(counts), "FREE\t4\nMONEY\t0\nFREE\t4\n");
  spam::KeywordCounts other(keywords, std::vector<std::uint64_t>{4, 2});
  EXPECT_EQ(spam::describe_difference(counts, counts), "");
  EXPECT_EQ(spam::describe_difference(counts, other), "keyword 2 MONEY: 2 instead of 0");
  EXPECT_THROW(spam::KeywordCounts(keywords, std::vector<std::uint64_t>{1}), std::invalid_argument);
}

TEST(SpamCountBaselines, HandComputedMail) {
  const std::string keywords = "free\nmoney\nprize\ndon't\nabsent\nFREE\n";
  const std::vector<std::string> mails = {"Subject: Free money, FREE offer!\nclaim your free prize; money-back.\n"
                                          "Don't wait, don't delay. Prize's value: 100.\n",
                                          "freedom is not free.\r\n", ""};
  const std::vector<spam::KeywordCount> hand = {{"FREE", 4}, {"MONEY", 2}, {"PRIZE", 1},
                                                {"DON'T", 2}, {"ABSENT", 0}, {"FREE", 4}};
  ASSERT_EQ(model::model_keyword_counts(keywords, mails), hand);
  for (std::size_t threads : {1u, 2u, 3u, 8u}) {
    auto input = model::mailbox_in_memory(keywords, mails, threads);
    EXPECT_EQ(spam::count_keywords_sequential(input).entries(), hand);
    EXPECT_EQ(spam::count_keywords_phoenix_like(input, threads).entries(), hand) << threads << " threads";
  }
}

TEST(SpamCountBaselines, SampleMailsMatchTheModel) {
  const auto mails = model::sample_mails();
  const auto expected = model::model_keyword_counts(model::sample_keywords, mails);
  for (std::size_t threads : {1u, 3u, 8u}) {
    auto input = model::mailbox_in_memory(model::sample_keywords, mails, threads);
    ASSERT_GT(input.mail.pieces().size(), mails.size()) << "the big mail is cut into pieces";
    EXPECT_EQ(spam::count_keywords_sequential(input).entries(), expected);
    EXPECT_EQ(spam::count_keywords_phoenix_like(input, threads).entries(), expected) << threads << " threads";
  }
}
