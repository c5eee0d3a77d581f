// The oneTBB baseline against the model (a test binary of its own: ThreadSanitizer runs skip
// it, as Debian's oneTBB is not instrumented).

#include <gtest/gtest.h>

#include "spam_model.hpp"
#include "spamcount/tbb_baseline.hpp"

namespace spam = pgasmr::apps::spamcount;
namespace model = pgasmr::apps::test;

TEST(SpamCountTbbBaseline, AgreesWithTheModel) {
  const auto mails = model::sample_mails();
  const auto expected = model::model_keyword_counts(model::sample_keywords, mails);
  for (std::size_t threads : {1u, 2u, 3u, 8u}) {
    auto input = model::mailbox_in_memory(model::sample_keywords, mails, threads);
    EXPECT_EQ(spam::count_keywords_tbb(input, threads).entries(), expected) << threads << " threads";
  }
}

TEST(SpamCountTbbBaseline, NoMail) {
  auto input = model::mailbox_in_memory("free\nmoney\n", {}, 2);
  EXPECT_EQ(spam::count_keywords_tbb(input, 2).entries(), (std::vector<spam::KeywordCount>{{"FREE", 0}, {"MONEY", 0}}));
}
