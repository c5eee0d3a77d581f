// Matrix multiply's oneTBB baseline against the sequential one (a test binary of its own:
// ThreadSanitizer runs skip it, as Debian's oneTBB is not instrumented).

#include <gtest/gtest.h>

#include "matmul/baselines.hpp"
#include "matmul/tbb_baseline.hpp"
#include "matmul_model.hpp"

namespace mm = pgasmr::apps::matmul;
namespace model = pgasmr::apps::matmul::test;

TEST(MatmulTbb, AgreesWithTheSequentialBaseline) {
  EXPECT_TRUE(model::equal(mm::multiply_tbb(model::hand_a(), model::hand_b(), 3), model::hand_product()));
  const auto a = model::sample_matrix(37, 21, 1000, 1);
  const auto b = model::sample_matrix(21, 17, 1000, 2);
  for (std::size_t threads : {1u, 2u, 3u, 8u})
    EXPECT_TRUE(model::equal(mm::multiply_tbb(a, b, threads), mm::multiply_sequential(a, b))) << threads << " threads";
}
