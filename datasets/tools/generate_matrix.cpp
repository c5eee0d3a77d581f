#include <pgasmr/datasets/matrix.hpp>

#include "free_space.hpp"
#include "generator.hpp"

namespace pgasmr::datasets::datagen {

Generator matrix_generator() {
  return {
      .name = "matrix",
      .usage = "--rows R --columns C [--max V] [--format csv|binary] [--seed N]",
      .description = "an R x C matrix of integers uniform in [-V, V] (default 100, at most 2^62) for pca and\n"
                     "matmul: CSV, one row a line, or the binary format of datasets/README.md.",
      .options = {"rows", "columns", "max", "format", "seed"},
      .write = [](const Flags& flags, const std::filesystem::path& output, const Progress& progress) -> std::string {
        MatrixOptions options;
        options.seed = flags.seed();
        flags.required("rows");
        flags.required("columns");
        options.rows = flags.integer("rows", 0, 1);
        options.columns = flags.integer("columns", 0, 1);
        options.max_value = flags.integer("max", options.max_value, 0, std::uint64_t{1} << 62);
        if (flags.has("format")) {
          const auto& format = flags.required("format");
          if (format != "csv" && format != "binary")
            throw usage_error("--format must be csv or binary, got '" + format + "'");
          options.format = format == "binary" ? MatrixFormat::binary : MatrixFormat::csv;
        }
        const auto values = saturating_product(options.rows, options.columns);
        // 8 bytes a value in binary; a digit and a comma or newline at the least in CSV.
        check_free_space(output, {.bytes = saturating_product(values, options.format == MatrixFormat::binary ? 8 : 2)});
        generate_matrix(output, options, progress);
        return std::to_string(options.rows) + "x" + std::to_string(options.columns) + " matrix";
      },
  };
}

}  // namespace pgasmr::datasets::datagen
