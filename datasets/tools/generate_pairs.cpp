#include <stdexcept>

#include <pgasmr/datasets/pairs.hpp>

#include "free_space.hpp"
#include "generator.hpp"

namespace pgasmr::datasets::datagen {

Generator pairs_generator() {
  return {
      .name = "pairs",
      .usage = "(--points N | --bytes SIZE) [--format float64|phoenix] [--seed N]",
      .description = "(x, y) points for linear regression: little-endian doubles around y = 3x + 5 (16 bytes\n"
                     "a point; x of many magnitudes, some subnormal) or Phoenix's signed byte pairs around\n"
                     "y = x/2 + 5 (--format phoenix, 2 bytes a point: a gentler slope keeps y within a byte);\n"
                     "N points, or as many as fit in SIZE bytes.",
      .options = {"points", "bytes", "format", "seed"},
      .write = [](const Flags& flags, const std::filesystem::path& output, const Progress& progress) -> std::string {
        PairsOptions options;
        options.seed = flags.seed();
        if (flags.has("format")) {
          try {
            options.format = parse_pair_format(flags.required("format"));
          } catch (const std::invalid_argument& e) {
            throw usage_error(std::string("--format: ") + e.what());
          }
        }
        if (flags.has("points") == flags.has("bytes")) throw usage_error("give either --points N or --bytes SIZE");
        options.points = flags.has("points") ? flags.integer("points", 0, 1) : flags.size("bytes") / pair_bytes(options.format);
        if (options.points == 0) throw usage_error("--bytes is smaller than one point");
        check_free_space(output, {.bytes = saturating_product(options.points, pair_bytes(options.format))});
        generate_pairs(output, options, progress);
        return std::to_string(options.points) + " points";
      },
  };
}

}  // namespace pgasmr::datasets::datagen
