// Matrix multiply on the engine gives the sequential baseline's product with every
// distribution and reduce mode, at every thread count of the suite (and under mpirun,
// 2 processes x 2 threads).

#include <gtest/gtest.h>

#include <string>

#include "apps/engine_choices.hpp"
#include "common/job_timer.hpp"
#include "matmul/baselines.hpp"
#include "matmul/double_product.hpp"
#include "matmul/engine_matmul.hpp"
#include "matmul_model.hpp"
#include "support/spmd.hpp"

namespace apps = pgasmr::apps;
namespace mr = pgasmr::mr;
namespace mm = pgasmr::apps::matmul;
namespace model = pgasmr::apps::matmul::test;

using pgasmr::apps::test::describe;
using pgasmr::apps::test::every_choice;

namespace {

void expect_product_everywhere(const pgasmr::datasets::IntegerTable& a, const pgasmr::datasets::IntegerTable& b) {
  const auto expected = mm::multiply_sequential(a, b);
  pgasmr::test::for_each_thread_count([&](pgasmr::pgas::Context& me) {
    for (const auto& choice : every_choice()) {
      apps::JobTimer timer(me);
      auto product = mm::multiply_engine(me, a, b, choice, timer);
      EXPECT_EQ(product.has_value(), me.thread() == 0) << describe(choice);
      if (product) {
        EXPECT_TRUE(model::equal(*product, expected)) << describe(choice) << ", " << a.rows << "x" << a.columns;
      }
    }
  });
}

}  // namespace

TEST(EngineMatmul, HandComputedProduct) {
  ASSERT_TRUE(model::equal(mm::multiply_sequential(model::hand_a(), model::hand_b()), model::hand_product()));
  expect_product_everywhere(model::hand_a(), model::hand_b());
}

TEST(EngineMatmul, SampleShapes) {
  expect_product_everywhere(model::sample_matrix(1, 1, 9, 1), model::sample_matrix(1, 1, 9, 2));  // fewer rows than threads
  expect_product_everywhere(model::sample_matrix(23, 7, 1000, 3), model::sample_matrix(7, 11, 1000, 4));
}

TEST(EngineMatmul, BothKernels) {
  // More rows than one band (16), ragged tiles: within 2^53, the double-arithmetic kernel.
  ASSERT_TRUE(mm::exact_in_doubles(model::sample_matrix(37, 19, 1000, 5), model::sample_matrix(19, 21, 1000, 6)));
  expect_product_everywhere(model::sample_matrix(37, 19, 1000, 5), model::sample_matrix(19, 21, 1000, 6));
  // Past 2^53 (19 x 10^9 x 10^9): the 64-bit integer kernel, still exact.
  const auto big_a = model::sample_matrix(37, 19, 1'000'000'000, 7), big_b = model::sample_matrix(19, 21, 1'000'000'000, 8);
  ASSERT_FALSE(mm::exact_in_doubles(big_a, big_b));
  expect_product_everywhere(big_a, big_b);
}
