// PCA's oneTBB baseline against the model (a test binary of its own: ThreadSanitizer runs skip
// it, as Debian's oneTBB is not instrumented).

#include <gtest/gtest.h>

#include "matrix_model.hpp"
#include "pca/baselines.hpp"
#include "pca/tbb_baseline.hpp"

namespace pca = pgasmr::apps::pca;

TEST(PcaTbb, AgreesWithTheSequentialBaselineAndTheModel) {
  for (auto [rows, columns] : {std::pair<std::size_t, std::size_t>{1, 2}, {3, 4}, {23, 41}}) {
    const auto matrix = pca::test::sample_matrix(rows, columns, 500, columns);
    const auto model = pca::test::model_statistics(matrix);
    for (std::size_t threads : {1u, 2u, 3u, 8u}) {
      const auto result = pca::pca_tbb(matrix, threads);
      EXPECT_EQ(result, pca::pca_sequential(matrix)) << threads << " threads";
      EXPECT_EQ(result.row_sums, model.row_sums);
      EXPECT_EQ(pca::test::numerators_of(result), model.numerators);
    }
  }
}
