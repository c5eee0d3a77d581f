#pragma once
// Point tables for the kmeans tests: the hand-computed cases of data/README.md and a
// deterministic cloud that takes several rounds to settle.

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include <pgasmr/datasets/integer_table.hpp>

#include "kmeans/clustering.hpp"
#include "kmeans/kmeans_input.hpp"

namespace pgasmr::apps::kmeans::test {

inline datasets::IntegerTable table_of(std::initializer_list<std::vector<std::int64_t>> rows) {
  datasets::IntegerTable table;
  for (const auto& row : rows) {
    table.columns = row.size();
    table.values.insert(table.values.end(), row.begin(), row.end());
    ++table.rows;
  }
  return table;
}

/// n points of `dimensions` coordinates spread evenly over [-500, 500) (a fixed LCG): no clear
/// clusters, so k-means needs many rounds.
inline datasets::IntegerTable uniform_cloud(std::size_t n, std::size_t dimensions, std::uint32_t seed = 5) {
  datasets::IntegerTable table{n, dimensions, {}};
  for (std::size_t i = 0; i < n * dimensions; ++i) {
    seed = seed * 1664525u + 1013904223u;
    table.values.push_back(static_cast<std::int64_t>(seed >> 16) % 1000 - 500);
  }
  return table;
}

inline KmeansInput input_of(datasets::IntegerTable table, std::uint64_t clusters, std::uint64_t max_rounds = 1000,
                            std::size_t total_threads = 8) {
  return make_kmeans_input(std::move(table), "test.csv", clusters, max_rounds, total_threads);
}

/// data/hand.csv, data/ties.csv and data/empty_cluster.csv with their worked-out results.
struct HandCase {
  std::string name;
  KmeansInput input;
  Clustering expected;
};

inline std::vector<HandCase> hand_cases() {
  std::vector<HandCase> cases;
  cases.push_back({"hand", input_of(table_of({{0, 0}, {1, 0}, {2, 0}, {10, 0}, {11, 0}, {12, 1}}), 2), {3, 2, {1, 0, 11, 0}}});
  cases.push_back({"hand, 1 round", input_of(table_of({{0, 0}, {1, 0}, {2, 0}, {10, 0}, {11, 0}, {12, 1}}), 2, 1),
                   {1, 2, {0, 0, 7, 0}}});
  cases.push_back({"ties", input_of(table_of({{0, 0}, {4, 0}, {2, 0}, {-1, -1}}), 2), {2, 2, {0, 0, 4, 0}}});
  cases.push_back({"empty cluster", input_of(table_of({{3, 3}, {3, 3}, {9, 9}, {10, 10}}), 3), {2, 2, {3, 3, 3, 3, 9, 9}}});
  return cases;
}

}  // namespace pgasmr::apps::kmeans::test
