// String match's oneTBB baseline against the sequential one (a test binary of its own:
// ThreadSanitizer runs skip it, as Debian's oneTBB is not instrumented).

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "sample_inputs.hpp"
#include "stringmatch/baselines.hpp"
#include "stringmatch/tbb_baseline.hpp"

namespace sm = pgasmr::apps::stringmatch;
namespace ds = pgasmr::datasets;

TEST(StringMatchTbb, AgreesWithTheSequentialBaseline) {
  std::mt19937 random(9);
  std::vector<std::string> texts = {"", "k\n"};
  for (int i = 0; i < 4; ++i) texts.push_back(pgasmr::apps::test::random_text(random, 300));
  for (std::uint64_t piece_bytes : {1u, 100u, 1u << 20}) {
    const sm::StringMatchInput input{sm::KeySet(pgasmr::apps::test::random_keys(random, piece_bytes == 1)),
                                     ds::TextInput::in_memory(texts, piece_bytes, ds::cut_after_newline)};
    const auto expected = sm::match_lines_sequential(input);
    for (std::size_t threads : {1u, 2u, 3u, 8u}) EXPECT_EQ(sm::match_lines_tbb(input, threads), expected) << threads;
  }
}
