#include "matmul/double_product.hpp"

#include <algorithm>
#include <cstring>

#include "common/avx2_kernels.hpp"
#include "matmul/product.hpp"

namespace pgasmr::apps::matmul {
namespace {

/// Four doubles: GCC's vector extension, one AVX register or two SSE2 registers.
using Lanes = double __attribute__((vector_size(32)));
constexpr std::size_t lanes = sizeof(Lanes) / sizeof(double);
static_assert(DoubleProduct::panel_columns == 2 * lanes, "a tile row is two Lanes");

/// out (groups x tile_rows rows, panels x panel_columns columns, row-major) = A's packed row
/// groups (group g, k, r at (g * K + k) * tile_rows + r) times B's panels. Each tile of
/// tile_rows x panel_columns sums stays in registers for the whole K loop: per k, two loads of
/// B and four of A feed sixteen multiply-adds. The panel loop is outside the group loop, so one
/// panel of B serves every group of the band while it is in the cache.
[[gnu::always_inline]] inline void multiply_tiles(const double* a_groups, std::size_t groups, const double* b_panels,
                                                  std::size_t panels, std::size_t k_count, double* out) noexcept {
  constexpr std::size_t rows = DoubleProduct::tile_rows, columns = DoubleProduct::panel_columns;
  const std::size_t out_columns = panels * columns;
  for (std::size_t p = 0; p < panels; ++p) {
    const double* panel = b_panels + p * k_count * columns;
    for (std::size_t g = 0; g < groups; ++g) {
      const double* a = a_groups + g * k_count * rows;
      Lanes sums[rows][2] = {};
      for (std::size_t k = 0; k < k_count; ++k) {
        Lanes left, right;  // (memcpy: unaligned loads; no Lanes passed by value, whose ABI differs by target)
        std::memcpy(&left, panel + k * columns, sizeof left);
        std::memcpy(&right, panel + k * columns + lanes, sizeof right);
        for (std::size_t r = 0; r < rows; ++r) {
          const double factor = a[k * rows + r];
          sums[r][0] += factor * left;
          sums[r][1] += factor * right;
        }
      }
      for (std::size_t r = 0; r < rows; ++r) {
        double* to = out + (g * rows + r) * out_columns + p * columns;
        std::memcpy(to, &sums[r][0], sizeof(Lanes));
        std::memcpy(to + lanes, &sums[r][1], sizeof(Lanes));
      }
    }
  }
}

#if PGASMR_AVX2_KERNELS
/// The same loop in AVX2 instructions, half as many, each multiply-add fused. Exactness does not
/// depend on the choice: every product and partial sum is an integer below 2^53, exact either way.
PGASMR_AVX2_FMA_TARGET void multiply_tiles_avx2_fma(const double* a_groups, std::size_t groups,
                                                    const double* b_panels, std::size_t panels, std::size_t k_count,
                                                    double* out) noexcept {
  multiply_tiles(a_groups, groups, b_panels, panels, k_count, out);
}
#endif

void multiply_tiles_best(const double* a_groups, std::size_t groups, const double* b_panels, std::size_t panels,
                         std::size_t k_count, double* out) noexcept {
#if PGASMR_AVX2_KERNELS
  if (cpu_has_avx2_fma()) return multiply_tiles_avx2_fma(a_groups, groups, b_panels, panels, k_count, out);
#endif
  multiply_tiles(a_groups, groups, b_panels, panels, k_count, out);
}

}  // namespace

bool exact_in_doubles(const datasets::IntegerTable& a, const datasets::IntegerTable& b) {
  auto bound = product_bound(a, b);
  return bound && *bound <= (std::uint64_t{1} << 53);
}

DoubleProduct::DoubleProduct(const datasets::IntegerTable& a, const datasets::IntegerTable& b)
    : a_(a), b_(b), b_panels_(std::make_unique_for_overwrite<double[]>(panels() * b.rows * panel_columns)) {}

void DoubleProduct::pack(std::size_t first, std::size_t last) noexcept {
  for (std::size_t p = first; p < last; ++p) {
    double* panel = b_panels_.get() + p * b_.rows * panel_columns;
    const std::size_t columns = std::min(panel_columns, b_.columns - p * panel_columns);
    for (std::size_t k = 0; k < b_.rows; ++k) {
      const std::int64_t* b_row = b_.values.data() + k * b_.columns + p * panel_columns;
      for (std::size_t c = 0; c < panel_columns; ++c)
        panel[k * panel_columns + c] = c < columns ? static_cast<double>(b_row[c]) : 0.0;
    }
  }
}

void DoubleProduct::multiply_rows(std::size_t first, std::span<std::int64_t> rows) const {
  const std::size_t columns = b_.columns;
  if (columns == 0) return;
  const std::size_t count = rows.size() / columns, k_count = a_.columns, panel_count = panels();
  const std::size_t groups = (count + tile_rows - 1) / tile_rows;
  // Per thread, reused: a band's packed A rows (zero rows pad the last group) and its sums.
  thread_local std::vector<double> a_groups, sums;
  a_groups.assign(groups * k_count * tile_rows, 0.0);
  sums.resize(groups * tile_rows * panel_count * panel_columns);
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t k = 0; k < k_count; ++k)
      a_groups[((i / tile_rows) * k_count + k) * tile_rows + i % tile_rows] =
          static_cast<double>(a_.values[(first + i) * k_count + k]);
  multiply_tiles_best(a_groups.data(), groups, b_panels_.get(), panel_count, k_count, sums.data());
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t j = 0; j < columns; ++j)
      rows[i * columns + j] = static_cast<std::int64_t>(sums[i * panel_count * panel_columns + j]);
}

}  // namespace pgasmr::apps::matmul
