#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include <pgasmr/datasets/integer_table.hpp>
#include <pgasmr/datasets/points.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::ScratchDir;

TEST(Points, same_seed_gives_the_same_bytes_and_another_seed_other_bytes) {
  ScratchDir dir;
  const ds::PointsOptions options{.seed = 3, .points = 200, .dimensions = 3, .clusters = 4, .spread = 50};
  ds::generate_points(dir / "a.csv", options);
  ds::generate_points(dir / "b.csv", options);
  auto other = options;
  other.seed = 4;
  ds::generate_points(dir / "c.csv", other);
  auto a = pgasmr::test::read_file(dir / "a.csv");
  EXPECT_EQ(a, pgasmr::test::read_file(dir / "b.csv"));
  EXPECT_NE(a, pgasmr::test::read_file(dir / "c.csv"));
}

TEST(Points, every_point_lies_within_the_spread_of_its_clusters_centre) {
  ScratchDir dir;
  const ds::PointsOptions options{.seed = 9, .points = 301, .dimensions = 2, .clusters = 7, .spread = 20};
  ds::generate_points(dir / "points.csv", options);
  const auto table = ds::read_integer_csv(dir / "points.csv");
  ASSERT_EQ(table.rows, 301u);
  ASSERT_EQ(table.columns, 2u);
  const auto centres = ds::cluster_centres(options);
  ASSERT_EQ(centres.size(), 7u * 2u);
  std::int64_t widest = 0;
  for (std::size_t i = 0; i < table.rows; ++i)
    for (std::size_t d = 0; d < 2; ++d) {
      auto centre = centres[i % 7 * 2 + d];
      EXPECT_LE(std::abs(centre), ds::centre_range);
      widest = std::max(widest, std::abs(table.row(i)[d] - centre));
    }
  EXPECT_LE(widest, 20);
  EXPECT_GE(widest, 15) << "the noise should use most of the spread";
}

TEST(Points, spread_zero_puts_every_point_on_its_centre) {
  ScratchDir dir;
  const ds::PointsOptions options{.seed = 2, .points = 5, .dimensions = 1, .clusters = 2, .spread = 0};
  ds::generate_points(dir / "points.csv", options);
  const auto centres = ds::cluster_centres(options);
  std::string expected;
  for (std::size_t i = 0; i < 5; ++i) expected += std::to_string(centres[i % 2]) + "\n";
  EXPECT_EQ(pgasmr::test::read_file(dir / "points.csv"), expected);
}

TEST(Points, refuses_options_out_of_range_before_creating_the_file) {
  ScratchDir dir;
  const ds::PointsOptions bad[] = {{.points = 0, .dimensions = 1, .clusters = 1},
                                   {.points = 3, .dimensions = 0, .clusters = 1},
                                   {.points = 3, .dimensions = 1, .clusters = 4},
                                   {.points = 3, .dimensions = 1, .clusters = 0},
                                   {.points = 3, .dimensions = 1, .clusters = 1, .spread = ds::largest_spread + 1}};
  for (const auto& options : bad) {
    EXPECT_THROW(ds::generate_points(dir / "x.csv", options), std::invalid_argument);
    EXPECT_FALSE(std::filesystem::exists(dir / "x.csv"));
  }
}

}  // namespace
