// PCA on the engine gives the sequential baseline's statistics (and the model's numerators)
// with every distribution and reduce mode, at every thread count of the suite (and under
// mpirun, 2 processes x 2 threads).

#include <gtest/gtest.h>

#include <string>

#include "apps/engine_choices.hpp"
#include "common/job_timer.hpp"
#include "matrix_model.hpp"
#include "pca/baselines.hpp"
#include "pca/engine_pca.hpp"
#include "support/spmd.hpp"

namespace apps = pgasmr::apps;
namespace mr = pgasmr::mr;
namespace pca = pgasmr::apps::pca;

using pgasmr::apps::test::describe;
using pgasmr::apps::test::every_choice;

TEST(EnginePca, MatchesBaselineAndModel) {
  // One row (fewer elements than threads), the hand-computed matrix's shape, and a larger one.
  for (auto [rows, columns] : {std::pair<std::size_t, std::size_t>{1, 3}, {3, 4}, {19, 23}}) {
    const auto matrix = pca::test::sample_matrix(rows, columns, 1000, rows + columns);
    const auto expected = pca::pca_sequential(matrix);
    ASSERT_EQ(pca::test::numerators_of(expected), pca::test::model_statistics(matrix).numerators);
    pgasmr::test::for_each_thread_count([&](pgasmr::pgas::Context& me) {
      for (const auto& choice : every_choice()) {
        apps::JobTimer timer(me);
        auto result = pca::pca_engine(me, matrix, choice, timer);
        EXPECT_EQ(result.has_value(), me.thread() == 0) << describe(choice);
        if (result) {
          EXPECT_EQ(*result, expected) << describe(choice) << ", " << rows << "x" << columns;
        }
      }
    });
  }
}
