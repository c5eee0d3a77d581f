// The engine's spam count gives the model's result with every distribution and reduce mode, at
// every thread count of the suite (and under mpirun, 2 processes x 2 threads).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "apps/engine_choices.hpp"
#include "common/job_timer.hpp"
#include "spam_model.hpp"
#include "spamcount/engine_spam_count.hpp"
#include "support/spmd.hpp"

namespace apps = pgasmr::apps;
namespace spam = pgasmr::apps::spamcount;
namespace model = pgasmr::apps::test;
namespace mr = pgasmr::mr;
using pgasmr::pgas::Context;

using pgasmr::apps::test::describe;
using pgasmr::apps::test::every_choice;

namespace {

void expect_counts_everywhere(std::string_view keywords, const std::vector<std::string>& mails) {
  const auto expected = model::model_keyword_counts(keywords, mails);
  const auto input = model::mailbox_in_memory(keywords, mails, 2);
  pgasmr::test::for_each_thread_count([&](Context& me) {
    for (const auto& choice : every_choice()) {
      apps::JobTimer timer(me);
      auto counts = spam::count_keywords_engine(me, input, choice, timer);
      EXPECT_EQ(counts.has_value(), me.thread() == 0) << describe(choice);
      if (counts) {
        EXPECT_EQ(counts->entries(), expected) << describe(choice);
      }
    }
  });
}

}  // namespace

TEST(EngineSpamCount, SampleMailsMatchTheModel) {
  expect_counts_everywhere(model::sample_keywords, model::sample_mails());
}

TEST(EngineSpamCount, NoMailGivesZeroCounts) { expect_counts_everywhere("free\nmoney\nfree\n", {}); }

TEST(EngineSpamCount, ManySmallMailsAndManyKeywords) {
  // More keywords than a by_key shuffle has threads, and more mails than pieces per thread.
  std::vector<std::string> mails;
  std::string keywords;
  for (int i = 0; i < 200; ++i) {
    std::string word = "w";
    for (int n = i; n > 0; n /= 26) word += static_cast<char>('a' + n % 26);
    keywords += word + "\n";
    mails.push_back(model::sample_text(static_cast<std::size_t>(i % 7) * 40, static_cast<std::uint64_t>(i)) + " " + word +
                    " " + std::string(static_cast<std::size_t>(i % 3), 'x') + " W" + word.substr(1));
  }
  expect_counts_everywhere(keywords, mails);
}
