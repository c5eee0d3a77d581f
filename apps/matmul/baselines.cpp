#include "matmul/baselines.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "common/phoenix_like_tasks.hpp"
#include "common/workers.hpp"
#include "matmul/product.hpp"

namespace pgasmr::apps::matmul {
namespace {

/// Phoenix++'s split of one row (its mm_data_t): the matrices, their lengths and the row, the
/// lengths of the elements' type, as there (all `int`).
template <class T>
struct RowSplit {
  const T* matrix_a;
  const T* matrix_b;
  T inner;    // A's columns, B's rows
  T columns;  // B's columns
  T* output;
  T row;
};

/// Phoenix++'s map of a split, in its shape: the sums made in the output row itself, A(i,k)
/// and the lengths read through the split inside the loops. The lengths may alias the output,
/// so the compiler reloads them after every store and keeps the loop scalar, as it does in
/// Phoenix++ (its binary has no vector multiply).
template <class T>
void map_row(const RowSplit<T>& data) {
  const T* a_ptr = data.matrix_a + data.row * data.inner;
  const T* b_ptr = data.matrix_b;
  T* output = data.output + data.row * data.columns;
  for (T i = 0; i < data.inner; i++) {
    for (T j = 0; j < data.columns; j++) output[j] += a_ptr[i] * b_ptr[j];
    b_ptr += data.columns;
  }
}

/// Phoenix++'s run(): a split per row of the product, made up front as its splitter does, then
/// map tasks from its queue into the shared output.
template <class T>
std::vector<T> multiply_rows_phoenix(const std::vector<T>& a, const std::vector<T>& b, std::size_t rows,
                                     std::size_t inner, std::size_t columns, std::size_t threads) {
  std::vector<T> output(rows * columns);
  std::vector<RowSplit<T>> splits;
  for (std::size_t i = 0; i < rows; ++i)
    splits.push_back({a.data(), b.data(), static_cast<T>(inner), static_cast<T>(columns), output.data(),
                      static_cast<T>(i)});
  auto tasks = PhoenixTaskQueue::for_map(splits.size(), threads);
  run_workers(threads, [&](std::size_t worker) {
    while (auto task = tasks.take(worker))
      for (auto s = task->first; s < task->last; ++s) map_row(splits[s]);
  });
  return output;
}

/// Whether Phoenix++'s `int` holds every entry, sum and offset of A B.
bool fits_int(const datasets::IntegerTable& a, const datasets::IntegerTable& b) {
  constexpr auto largest = static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
  const auto bound = product_bound(a, b);
  auto in_int = [](std::int64_t value) { return std::in_range<std::int32_t>(value); };
  return bound && *bound <= largest && std::ranges::all_of(a.values, in_int) && std::ranges::all_of(b.values, in_int) &&
         a.values.size() <= largest && b.values.size() <= largest && std::uint64_t{a.rows} * b.columns <= largest;
}

std::vector<std::int32_t> narrowed(const std::vector<std::int64_t>& values) { return {values.begin(), values.end()}; }

}  // namespace

datasets::IntegerTable multiply_sequential(const datasets::IntegerTable& a, const datasets::IntegerTable& b) {
  auto product = product_shape(a, b);
  for (std::size_t i = 0; i < a.rows; ++i)
    for (std::size_t j = 0; j < b.columns; ++j) {
      std::int64_t entry = 0;
      for (std::size_t k = 0; k < a.columns; ++k) entry += a.values[i * a.columns + k] * b.values[k * b.columns + j];
      product.values[i * b.columns + j] = entry;
    }
  return product;
}

datasets::IntegerTable multiply_phoenix_like(const datasets::IntegerTable& a, const datasets::IntegerTable& b,
                                             std::size_t threads) {
  auto product = product_shape(a, b);
  if (fits_int(a, b)) {  // Phoenix++'s element type, where it gives the exact product
    auto sums = multiply_rows_phoenix(narrowed(a.values), narrowed(b.values), a.rows, a.columns, b.columns, threads);
    std::ranges::copy(sums, product.values.begin());
  } else {
    product.values = multiply_rows_phoenix(a.values, b.values, a.rows, a.columns, b.columns, threads);
  }
  return product;
}

}  // namespace pgasmr::apps::matmul
