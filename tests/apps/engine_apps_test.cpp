// The engine versions of word count and histogram give the sequential baseline's result (and the
// model's) with every distribution and reduce mode, at every thread count of the suite (and
// under mpirun, 2 processes x 2 threads).

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "apps/engine_choices.hpp"
#include "common/job_timer.hpp"
#include "histogram/baselines.hpp"
#include "histogram/engine_histogram.hpp"
#include "image_model.hpp"
#include "support/spmd.hpp"
#include "text_model.hpp"
#include "wordcount/baselines.hpp"
#include "wordcount/engine_word_count.hpp"
#include "common/text_pieces.hpp"

namespace apps = pgasmr::apps;
namespace hist = pgasmr::apps::histogram;
namespace wc = pgasmr::apps::wordcount;
namespace mr = pgasmr::mr;
using pgasmr::pgas::Context;

using pgasmr::apps::test::describe;
using pgasmr::apps::test::every_choice;

namespace {

/// Runs word count on `text` with `choices` at every thread count; thread 0 checks the result.
void expect_word_counts_everywhere(const std::string& text, const wc::WordCounts& expected,
                                   const std::vector<apps::EngineChoice>& choices = every_choice()) {
  const auto input = apps::text_in_memory(text, 2);  // about 16 pieces
  pgasmr::test::for_each_thread_count([&](Context& me) {
    for (const auto& choice : choices) {
      apps::JobTimer timer(me);
      auto counts = wc::count_words_engine(me, input, choice, timer);
      EXPECT_EQ(counts.has_value(), me.thread() == 0) << describe(choice);
      if (counts) {
        EXPECT_EQ(*counts, expected) << describe(choice);
      }
    }
  });
}

}  // namespace

TEST(EngineWordCount, HandComputedText) {
  const std::vector<wc::WordCount> hand = {{"DON'T", 2}, {"ME", 1}, {"NOW", 1}, {"STOP", 1}};
  const auto expected = wc::count_words_sequential("Don't stop-me NOW, don't!");
  ASSERT_EQ(expected.entries(), hand);
  expect_word_counts_everywhere("Don't stop-me NOW, don't!", expected);
}

TEST(EngineWordCount, GeneratedTextMatchesBaselineAndModel) {
  const auto text = pgasmr::apps::test::sample_text(256u << 10, 11);
  const auto expected = wc::count_words_sequential(text);
  ASSERT_EQ(expected, pgasmr::apps::test::model_result(text));
  expect_word_counts_everywhere(text, expected);
}

TEST(EngineWordCount, EdgeTexts) {
  const std::string texts[] = {"", " ,.;\n\t123 \x80\xFF '' ", "caf\xC3\xA9 na\xC3\xAFve \xE2\x80\x94 CAF"};
  for (const auto& text : texts) expect_word_counts_everywhere(text, pgasmr::apps::test::model_result(text));
}

TEST(EngineWordCount, TenMegabyteWord) {
  // The 10 MB key crosses threads by allgather (all), exchange and gather (by_key); a
  // distribution each keeps the test quick.
  const auto text = std::string(10u << 20, 'w') + " w W";
  expect_word_counts_everywhere(text, pgasmr::apps::test::model_result(text),
                                {{mr::DistributionKind::cyclic, apps::ReduceChoice::all},
                                 {mr::DistributionKind::dynamic, apps::ReduceChoice::by_key}});
}

TEST(EngineHistogram, MatchesBaselineAndModel) {
  for (std::uint32_t width : {3u, 61u}) {
    const std::uint32_t height = 37;
    const auto pixels = pgasmr::apps::test::sample_pixels(std::size_t{width} * height, width);
    pgasmr::apps::test::TemporaryImage image(width, height, pixels);
    const auto input = hist::load_image(image.path());
    const auto expected = pgasmr::apps::test::model_histogram(pixels);
    ASSERT_EQ(hist::histogram_sequential(input.bmp.view), expected);
    pgasmr::test::for_each_thread_count([&](Context& me) {
      for (const auto& choice : every_choice()) {
        apps::JobTimer timer(me);
        auto counts = hist::histogram_engine(me, input.bmp.view, input.rows, choice, timer);
        EXPECT_EQ(counts.has_value(), me.thread() == 0) << describe(choice);
        if (counts) {
          EXPECT_EQ(*counts, expected) << describe(choice) << ", width " << width;
        }
      }
    });
  }
}

TEST(EngineApps, PhasesAreTimedOnThreadZero) {
  const auto input = apps::text_in_memory("a b c", 2);
  pgasmr::test::for_each_thread_count([&](Context& me) {
    apps::JobTimer timer(me);
    auto counts = wc::count_words_engine(me, input, {mr::DistributionKind::block, apps::ReduceChoice::no_comm}, timer);
    std::vector<std::string> names;
    for (const auto& phase : timer.phases()) names.push_back(phase.name);
    if (me.thread() == 0) {
      EXPECT_EQ(names, (std::vector<std::string>{"map", "reduce", "merge to thread 0", "sort by count"}));
    } else {
      EXPECT_TRUE(names.empty());
    }
  });
}
