#include "matmul/engine_matmul.hpp"

#include <algorithm>
#include <ranges>
#include <string>
#include <utility>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>

#include "common/memory_need.hpp"
#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"
#include "matmul/double_product.hpp"
#include "matmul/product.hpp"

namespace pgasmr::apps::matmul {
namespace {

/// The DoubleProduct of a job's process, shared by its threads (one per process: a Team extension).
struct ProcessProduct {
  std::optional<DoubleProduct> product;
};

/// B packed once per process, each of its threads packing a share of the panels: the packing
/// costs as much as a tenth of a 600 x 600 product, which every thread paid in full when each
/// packed its own. Collective over the process's threads; release_packed() ends its use.
const DoubleProduct& pack_once_per_process(pgas::Context& me, const datasets::IntegerTable& a,
                                           const datasets::IntegerTable& b) {
  auto& world = me.world();
  auto& shared = world.extension<ProcessProduct>();
  world.local_step([&] { shared.product.emplace(a, b); });
  const auto sharers = world.local_ranks().size(), share = static_cast<std::size_t>(world.local_index());
  const std::size_t panels = shared.product->panels();
  shared.product->pack(panels * share / sharers, panels * (share + 1) / sharers);
  world.local_step({});  // every panel packed before any thread multiplies
  return *shared.product;
}

/// Collective over the process's threads, once none of them multiplies any more.
void release_packed(pgas::Context& me) {
  auto& world = me.world();
  world.local_step([&] { world.extension<ProcessProduct>().product.reset(); });
}

}  // namespace

std::vector<std::int64_t> add_rows::operator()(const std::vector<std::int64_t>& a,
                                               const std::vector<std::int64_t>& b) const {
  if (a.empty()) return b;
  if (b.empty()) return a;
  auto sum = a;
  for (std::size_t j = 0; j < sum.size(); ++j) sum[j] += b[j];
  return sum;
}

std::optional<datasets::IntegerTable> multiply_engine(pgas::Context& me, const datasets::IntegerTable& a,
                                                      const datasets::IntegerTable& b, const EngineChoice& choice,
                                                      JobTimer& timer) {
  using ProductBands = mr::HashContainer<std::uint64_t, std::vector<std::int64_t>, add_rows>;
  // The reduce leaves the whole product on thread 0 (on every thread with --reduce-mode all),
  // and thread 0 assembles it into one more.
  const auto copies = (choice.reduce == ReduceChoice::all ? static_cast<unsigned>(me.threads_per_process()) : 1u) + 1u;
  require_memory(bytes_of(a.rows, b.columns, sizeof(std::int64_t) * copies),
                 "a product of " + std::to_string(a.rows) + " x " + std::to_string(b.columns) + " (" +
                     std::to_string(copies) + " copies at once)");
  const std::size_t bands = (a.rows + band_rows - 1) / band_rows;
  auto rows_of = [&](std::size_t band) { return std::min(band_rows, a.rows - band * band_rows); };
  const DoubleProduct* in_doubles = exact_in_doubles(a, b) ? &pack_once_per_process(me, a, b) : nullptr;
  auto map = [&](std::size_t band, ProductBands& out) {
    std::vector<std::int64_t> rows(rows_of(band) * b.columns);
    if (in_doubles) in_doubles->multiply_rows(band * band_rows, rows);
    else multiply_rows(a, b, band * band_rows, rows);
    out.emit(band, std::move(rows));
  };
  WeightedDistribution distribution(choice.distribution, bands,
                                    [&](std::size_t band) { return rows_of(band) * a.columns * b.columns; });
  ProductBands product_bands;
  mr::apply_map(me, std::views::iota(std::size_t{0}, bands), map, product_bands, distribution.get());
  timer.lap("map");
  if (in_doubles) release_packed(me);  // every thread of the process is past its map
  auto reduced = reduce_to_thread0(me, product_bands, choice.reduce, timer);
  std::optional<datasets::IntegerTable> product;
  if (me.thread() == 0) {
    product = product_shape(a, b);
    for (const auto& [band, rows] : reduced)
      std::ranges::copy(rows, product->values.begin() + static_cast<std::ptrdiff_t>(band * band_rows * b.columns));
  }
  timer.lap("assemble");  // thread 0 copies the bands into the product while the others wait
  return product;
}

}  // namespace pgasmr::apps::matmul
