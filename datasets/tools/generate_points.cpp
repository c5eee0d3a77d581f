#include <pgasmr/datasets/points.hpp>

#include "free_space.hpp"
#include "generator.hpp"

namespace pgasmr::datasets::datagen {

Generator points_generator() {
  return {
      .name = "points",
      .usage = "--points N --clusters K [--dimensions D] [--spread S] [--seed N]",
      .description = "N integer points of D coordinates (default 3, at most 500000), one CSV line each, for\n"
                     "kmeans: point i lies within S (default 1000, at most 1000000) of centre i mod K in\n"
                     "every coordinate; the K centres are random within +-1000000.",
      .options = {"points", "clusters", "dimensions", "spread", "seed"},
      .write = [](const Flags& flags, const std::filesystem::path& output, const Progress& progress) -> std::string {
        PointsOptions options;
        options.seed = flags.seed();
        flags.required("points");
        flags.required("clusters");
        options.points = flags.integer("points", 0, 1);
        // At most 500000: kmeans takes coordinates up to sqrt((2^63 - 1) / 4D), and these reach
        // 2000000 (a centre and the spread).
        options.dimensions = flags.integer("dimensions", 3, 1, 500'000);
        options.clusters = flags.integer("clusters", 0, 1, options.points);
        options.spread = static_cast<std::int64_t>(flags.integer("spread", 1000, 0, largest_spread));
        // A digit and a comma or newline per coordinate at the least.
        const auto coordinates = saturating_product(options.points, options.dimensions);
        check_free_space(output, {.bytes = saturating_product(coordinates, 2)});
        generate_points(output, options, progress);
        return std::to_string(options.points) + " points in " + std::to_string(options.clusters) + " clusters";
      },
  };
}

}  // namespace pgasmr::datasets::datagen
