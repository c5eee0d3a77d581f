// The oneTBB baselines against the models (a test binary of its own: ThreadSanitizer runs skip
// it, as Debian's oneTBB is not instrumented).

#include <gtest/gtest.h>

#include "histogram/tbb_baseline.hpp"
#include "image_model.hpp"
#include "text_model.hpp"
#include "wordcount/tbb_baseline.hpp"
#include "common/text_pieces.hpp"

namespace hist = pgasmr::apps::histogram;
namespace apps = pgasmr::apps;
namespace wc = pgasmr::apps::wordcount;
namespace model = pgasmr::apps::test;

TEST(TbbBaselines, WordCountAgreesWithTheModel) {
  const std::string texts[] = {"", "The cat and the hat. THE END; cat's\n", model::sample_text(1u << 20, 7),
                               std::string(3u << 20, 'w') + " w W"};
  for (const auto& text : texts)
    for (std::size_t threads : {1u, 2u, 3u, 8u})
      EXPECT_EQ(wc::count_words_tbb(apps::text_in_memory(text, threads), threads), model::model_result(text))
          << threads << " threads, " << text.size() << " bytes";
}

TEST(TbbBaselines, HistogramAgreesWithTheModelAtEveryPadding) {
  for (std::uint32_t width : {1u, 2u, 3u, 333u}) {
    const std::uint32_t height = 97;
    auto pixels = model::sample_pixels(std::size_t{width} * height, width);
    model::TemporaryImage image(width, height, pixels);
    auto bmp = pgasmr::datasets::open_bmp(image.path());
    for (std::size_t threads : {1u, 2u, 8u})
      EXPECT_EQ(hist::histogram_tbb(bmp.view, threads), model::model_histogram(pixels)) << width << ", " << threads;
  }
}
