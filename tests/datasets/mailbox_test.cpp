// The mailbox and keyword-list generators: exact sizes, skew, determinism, the planting rate,
// absent keywords, and refusals.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/keyword_list.hpp>
#include <pgasmr/datasets/mailbox.hpp>

#include "scratch_dir.hpp"
#include "text_tokens.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::ascii_lower;
using pgasmr::test::expect_throw_containing;
using pgasmr::test::read_file;
using pgasmr::test::ScratchDir;

/// Made-up lower-case words, plus a common English word, header words and non-letter entries a
/// keyword list must leave out.
std::filesystem::path write_dictionary(const ScratchDir& dir, std::size_t count) {
  std::string text = "the\nSmith\nDate\ndon't\ncaf\xc3\xa9\nZanzibar\nzanzibar\n";
  for (std::size_t i = 0; i < count; ++i) {
    std::string word;
    for (auto n = i + 26 * 26; n > 0; n /= 26) word += static_cast<char>('a' + n % 26);
    text += word + "\n";
  }
  pgasmr::test::write_file(dir / "words", text);
  return dir / "words";
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    auto end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

/// The files of a mailbox, in name order.
std::vector<std::string> mails_of(const std::filesystem::path& directory) {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) paths.push_back(entry.path());
  std::ranges::sort(paths);
  std::vector<std::string> mails;
  for (const auto& path : paths) mails.push_back(read_file(path));
  return mails;
}

/// A mail's subject and body: what the planting rate applies to.
std::string planted_part(const std::string& mail) {
  auto subject = mail.find("\nSubject:") + 9;
  auto subject_end = mail.find('\n', subject);
  return mail.substr(subject, subject_end - subject) + "\n" + mail.substr(mail.find("\n\n") + 2);
}

}  // namespace

TEST(MailboxFileSizes, add_up_exactly_with_many_small_and_a_few_large) {
  auto sizes = ds::mailbox_file_sizes(2000, 20'000'000, 7);
  ASSERT_EQ(sizes.size(), 2000u);
  std::uint64_t total = 0;
  for (auto size : sizes) total += size;
  EXPECT_EQ(total, 20'000'000u);
  EXPECT_GE(*std::ranges::min_element(sizes), ds::smallest_mail_bytes);
  auto sorted = sizes;
  std::ranges::sort(sorted);
  const auto median = sorted[sorted.size() / 2], mean = total / sizes.size();
  EXPECT_LT(median * 3, mean * 2) << "most mails are smaller than the mean";
  EXPECT_GT(sorted.back(), 20 * median) << "a few are much larger";
  EXPECT_EQ(sizes, ds::mailbox_file_sizes(2000, 20'000'000, 7));
  EXPECT_NE(sizes, ds::mailbox_file_sizes(2000, 20'000'000, 8));
  EXPECT_EQ(ds::mailbox_file_sizes(3, 3 * 512, 1), (std::vector<std::uint64_t>{512, 512, 512}));
  expect_throw_containing<std::invalid_argument>([] { ds::mailbox_file_sizes(4, 2047, 1); }, "need at least 2048 bytes");
  expect_throw_containing<std::invalid_argument>([] { ds::mailbox_file_sizes(0, 2047, 1); }, "at least one file");
}

TEST(KeywordList, distinct_letter_words_in_a_seeded_order_whose_prefixes_agree) {
  ScratchDir dir;
  auto dictionary = write_dictionary(dir, 400);
  ds::generate_keyword_list(dir / "long.txt", {.seed = 3, .count = 60, .dictionary = dictionary});
  ds::generate_keyword_list(dir / "short.txt", {.seed = 3, .count = 10, .dictionary = dictionary});
  ds::generate_keyword_list(dir / "other.txt", {.seed = 4, .count = 60, .dictionary = dictionary});
  auto words = lines_of(read_file(dir / "long.txt"));
  ASSERT_EQ(words.size(), 60u);
  EXPECT_EQ(lines_of(read_file(dir / "short.txt")), std::vector<std::string>(words.begin(), words.begin() + 10));
  EXPECT_NE(lines_of(read_file(dir / "other.txt")), words);
  std::set<std::string> header;
  for (auto word : ds::mail_header_words()) header.insert(ascii_lower(word));
  std::set<std::string> seen;
  for (const auto& word : words) {
    EXPECT_TRUE(std::ranges::all_of(word, [](char c) { return std::isalpha(static_cast<unsigned char>(c)); })) << word;
    EXPECT_TRUE(seen.insert(ascii_lower(word)).second) << word << " twice";
    EXPECT_FALSE(header.contains(ascii_lower(word))) << word;
    EXPECT_NE(word, "the");
  }
  // Too few words: in a dictionary the user names, an input that cannot serve; in the default
  // one, a --count beyond its limit.
  expect_throw_containing<ds::input_error>(
      [&] { ds::generate_keyword_list(dir / "x.txt", {.seed = 3, .count = 1000, .dictionary = dictionary}); },
      "words usable as keywords, fewer than the 1000 asked");
  expect_throw_containing<std::invalid_argument>(
      [&] { ds::generate_keyword_list(dir / "x.txt", {.seed = 3, .count = 100'000'000}); },
      "the default dictionary has");
}

TEST(Mailbox, plants_the_keywords_at_the_rate_and_nowhere_else) {
  ScratchDir dir;
  auto dictionary = write_dictionary(dir, 2000);
  ds::generate_keyword_list(dir / "keywords.txt", {.seed = 1, .count = 20, .dictionary = dictionary});
  const auto keywords = lines_of(read_file(dir / "keywords.txt"));
  ds::MailboxOptions options;
  options.seed = 5;
  options.files = 60;
  options.bytes = 600'000;
  options.keywords = dir / "keywords.txt";
  options.rate = 0.02;
  options.planted = 15;
  options.dictionary = dictionary;
  ds::generate_mailbox(dir / "mail", options);
  const auto mails = mails_of(dir / "mail");
  ASSERT_EQ(mails.size(), 60u);
  EXPECT_TRUE(std::filesystem::exists(dir / "mail" / "mail-00.eml"));
  EXPECT_TRUE(std::filesystem::exists(dir / "mail" / "mail-59.eml"));

  std::set<std::string> planted, absent;
  for (std::size_t i = 0; i < keywords.size(); ++i) (i < 15 ? planted : absent).insert(ascii_lower(keywords[i]));
  const auto sizes = ds::mailbox_file_sizes(60, 600'000, 5);
  std::size_t words = 0, planted_words = 0;
  for (std::size_t i = 0; i < mails.size(); ++i) {
    const auto& mail = mails[i];
    EXPECT_EQ(mail.size(), sizes[i]);
    EXPECT_TRUE(mail.starts_with("From: ")) << mail.substr(0, 80);
    EXPECT_NE(mail.find("\nTo: "), std::string::npos);
    EXPECT_NE(mail.find("\nDate: "), std::string::npos);
    EXPECT_EQ(mail.back(), '\n');
    for (auto token : pgasmr::test::tokens(mail)) EXPECT_FALSE(absent.contains(ascii_lower(token))) << token;
    const auto part = planted_part(mail);  // the tokens are views into it
    for (auto token : pgasmr::test::tokens(part)) {
      ++words;
      planted_words += planted.contains(ascii_lower(token));
    }
  }
  ASSERT_GT(words, 50000u);
  const double rate = static_cast<double>(planted_words) / static_cast<double>(words);
  EXPECT_NEAR(rate, 0.02, 0.003) << planted_words << " of " << words << " words";

  ds::generate_mailbox(dir / "again", options);
  EXPECT_EQ(mails_of(dir / "again"), mails);
  auto other = options;
  other.seed = 6;
  ds::generate_mailbox(dir / "other", other);
  EXPECT_NE(mails_of(dir / "other"), mails);
}

TEST(Mailbox, appears_whole_or_not_at_all) {
  ScratchDir dir;
  auto dictionary = write_dictionary(dir, 300);
  ds::MailboxOptions options;
  options.files = 3;
  options.bytes = 3000;
  options.dictionary = dictionary;
  std::filesystem::create_directory(dir / "empty");
  ds::generate_mailbox(dir / "empty", options);  // an empty directory is replaced
  EXPECT_EQ(mails_of(dir / "empty").size(), 3u);
  // With the umask's permissions, as mkdir would make it (not the temporary folder's private 0700).
  const auto umask_now = ::umask(022);
  ds::generate_mailbox(dir / "shared", options);
  ::umask(umask_now);
  EXPECT_EQ(std::filesystem::status(dir / "shared").permissions(), std::filesystem::perms(0755));
  std::filesystem::remove_all(dir / "shared");
  expect_throw_containing<ds::output_error>([&] { ds::generate_mailbox(dir / "empty", options); }, "already exists");
  pgasmr::test::write_file(dir / "bad.txt", "free\ne-mail\n");
  options.keywords = dir / "bad.txt";
  expect_throw_containing<ds::input_error>([&] { ds::generate_mailbox(dir / "x", options); }, "line 2: 'e-mail' is not a word");
  pgasmr::test::write_file(dir / "bom.txt", "\xEF\xBB\xBF" "free\n");
  options.keywords = dir / "bom.txt";
  expect_throw_containing<ds::input_error>([&] { ds::generate_mailbox(dir / "x", options); }, "byte-order mark");
  std::filesystem::remove(dir / "bom.txt");
  options.keywords = dir / "absent.txt";
  expect_throw_containing<ds::input_error>([&] { ds::generate_mailbox(dir / "x", options); }, "cannot open");
  pgasmr::test::write_file(dir / "good.txt", "free\nmoney\n");
  options.keywords = dir / "good.txt";
  options.planted = 3;
  expect_throw_containing<std::invalid_argument>([&] { ds::generate_mailbox(dir / "x", options); }, "has 2");
  pgasmr::test::write_file(dir / "repeated.txt", "free\nFREE\nmoney\nFree\n");  // one keyword, as spamcount reads it
  options.keywords = dir / "repeated.txt";
  expect_throw_containing<std::invalid_argument>([&] { ds::generate_mailbox(dir / "x", options); }, "has 2");
  std::filesystem::remove(dir / "repeated.txt");
  options.keywords = dir / "good.txt";
  options.planted.reset();
  options.rate = 1.5;
  expect_throw_containing<std::invalid_argument>([&] { ds::generate_mailbox(dir / "x", options); }, "from 0 to 1");
  auto entries = dir.entries();
  std::ranges::sort(entries);
  EXPECT_EQ(entries, (std::vector<std::string>{"bad.txt", "empty", "good.txt", "words"}))
      << "no temporary directory left";
}
