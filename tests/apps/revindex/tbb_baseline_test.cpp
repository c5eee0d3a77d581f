// The reverse index's oneTBB baseline against the sequential one (a test binary of its own:
// ThreadSanitizer runs skip it, as Debian's oneTBB is not instrumented).

#include <gtest/gtest.h>

#include "revindex/baselines.hpp"
#include "revindex/tbb_baseline.hpp"
#include "sample_pages.hpp"

namespace ri = pgasmr::apps::revindex;

TEST(RevindexTbb, AgreesWithTheSequentialBaseline) {
  for (unsigned seed : {1u, 2u}) {
    const auto input = pgasmr::apps::test::sample_pages(seed, 50);
    const auto expected = ri::reverse_index_sequential(input);
    ASSERT_FALSE(expected.entries().empty());
    for (std::size_t threads : {1u, 2u, 3u, 8u}) EXPECT_EQ(ri::reverse_index_tbb(input, threads), expected) << threads;
  }
}
