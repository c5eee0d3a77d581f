#include "pca/baselines.hpp"

#include <cstdint>
#include <vector>

#include "common/phoenix_like_common_array_container.hpp"
#include "common/phoenix_like_sort_merge.hpp"
#include "common/phoenix_like_tasks.hpp"
#include "common/workers.hpp"

namespace pgasmr::apps::pca {
namespace {

using Emitted = KeyValue<std::size_t, std::int64_t>;

/// One of Phoenix++'s PCA jobs on `threads` workers: map(split) returns the key (< keys) and
/// value that the split emits. Returns the emitted pairs, sorted by key with `sort_by_key` (a
/// MapReduceSort), else in the order of a MapReduce's merge (the reduce workers' lists one after
/// the other).
template <class Split, class Map>
std::vector<Emitted> run_job(std::size_t keys, const std::vector<Split>& splits, std::size_t threads, bool sort_by_key,
                             const Map& map) {
  PhoenixCommonArrayContainer<std::int64_t> container(keys);
  auto tasks = PhoenixTaskQueue::for_map(splits.size(), threads);
  run_workers(threads, [&](std::size_t worker) {
    while (auto task = tasks.take(worker))
      for (auto s = task->first; s < task->last; ++s) {
        const auto [key, value] = map(splits[s]);
        container[key].add(value);
      }
  });
  auto lists = container.reduce(threads);
  if (sort_by_key)
    return phoenix_sort_merge(std::move(lists), [](const auto& a, const auto& b) { return a.key < b.key; });
  std::vector<Emitted> merged;
  for (const auto& list : lists) merged.insert(merged.end(), list.begin(), list.end());
  return merged;
}

/// Phoenix++'s matrix: int elements, row after row. A checked matrix's values fit (it has at least
/// 2 columns, and columns x max|value| <= INT32_MAX).
std::vector<std::int32_t> int_elements(const datasets::IntegerTable& matrix) {
  return {matrix.values.begin(), matrix.values.end()};
}

/// A split of the pairs' job, as Phoenix++'s pca_cov_data_t: the matrix, the means, two rows.
struct PairSplit {
  const std::int32_t* matrix = nullptr;
  const std::int64_t* means = nullptr;
  std::size_t i = 0;
  std::size_t j = 0;
};

/// Phoenix++'s covariance map of a pair of rows (i, j), with its integer means m = row sum /
/// columns: sum_k (x_ik - m_i)(x_jk - m_j). The sum of products follows from it exactly, as
/// that + m_j S_i + m_i S_j - n m_i m_j (S a row sum, n the columns), in 64-bit arithmetic that
/// wraps (unsigned): the true sum of products fits in 64 bits (the input was checked), so the
/// wrapped result is it.
std::int64_t map_pair(const PairSplit& split, std::size_t columns, const std::vector<std::int64_t>& row_sums) {
  using Wrapping = std::uint64_t;
  const std::int32_t* a = split.matrix + split.i * columns;
  const std::int32_t* b = split.matrix + split.j * columns;
  const std::int64_t mean_i = split.means[split.i], mean_j = split.means[split.j];
  Wrapping centred = 0;
  for (std::size_t k = 0; k < columns; ++k)
    centred += static_cast<Wrapping>(a[k] - mean_i) * static_cast<Wrapping>(b[k] - mean_j);
  const Wrapping sum = centred + static_cast<Wrapping>(mean_j) * static_cast<Wrapping>(row_sums[split.i]) +
                       static_cast<Wrapping>(mean_i) * static_cast<Wrapping>(row_sums[split.j]) -
                       static_cast<Wrapping>(columns) * static_cast<Wrapping>(mean_i) * static_cast<Wrapping>(mean_j);
  return static_cast<std::int64_t>(sum);
}

}  // namespace

PcaResult pca_sequential(const datasets::IntegerTable& matrix) {
  PcaResult result{matrix.rows, matrix.columns, {}, {}};
  for (std::size_t i = 0; i < matrix.rows; ++i) result.row_sums.push_back(row_sum(matrix.row(i)));
  for (std::size_t i = 0; i < matrix.rows; ++i)
    for (std::size_t j = i; j < matrix.rows; ++j) result.product_sums.push_back(product_sum(matrix.row(i), matrix.row(j)));
  return result;
}

PcaResult pca_phoenix_like(const datasets::IntegerTable& matrix, std::size_t threads) {
  const std::size_t rows = matrix.rows, columns = matrix.columns;
  PcaResult result{rows, columns, {}, {}};
  const auto elements = int_elements(matrix);

  std::vector<std::size_t> row_splits;  // the splitters' vectors grow as Phoenix++'s do, unreserved
  for (std::size_t i = 0; i < rows; ++i) row_splits.push_back(i);
  result.row_sums.resize(rows);
  for (const auto& [i, sum] : run_job(rows, row_splits, threads, false, [&](std::size_t i) {
         std::int64_t sum = 0;
         for (std::size_t k = 0; k < columns; ++k) sum += elements[i * columns + k];
         return Emitted{i, sum};
       }))
    result.row_sums[i] = sum;
  // Between the jobs, Phoenix++'s main fills its array of means from the first job's result.
  std::vector<std::int64_t> means(rows);
  for (std::size_t i = 0; i < rows; ++i) means[i] = result.row_sums[i] / static_cast<std::int64_t>(columns);

  // As in Phoenix++, the pairs' keys index the whole R x R covariance matrix (pair (i, j) is key
  // i R + j), of which the upper triangle is emitted: sorted by key, the pairs come in pair order.
  std::vector<PairSplit> pair_splits;
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = i; j < rows; ++j) pair_splits.push_back({elements.data(), means.data(), i, j});
  for (const auto& emitted : run_job(rows * rows, pair_splits, threads, true, [&](const PairSplit& split) {
         return Emitted{split.i * rows + split.j, map_pair(split, columns, result.row_sums)};
       }))
    result.product_sums.push_back(emitted.value);
  return result;
}

}  // namespace pgasmr::apps::pca
