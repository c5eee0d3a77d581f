#include <pgasmr/datasets/bmp.hpp>
#include <pgasmr/datasets/image.hpp>

#include "free_space.hpp"
#include "generator.hpp"

namespace pgasmr::datasets::datagen {

Generator image_generator() {
  return {
      .name = "image",
      .usage = "(--width W --height H | --bytes SIZE) [--seed N]",
      .description = "a 24-bit uncompressed BMP, W x H pixels (any width: rows are padded to 4 bytes), or\n"
                     "about 4:3 with a file of at most SIZE bytes (at least 58: one pixel).",
      .options = {"bytes", "width", "height", "seed"},
      .write = [](const Flags& flags, const std::filesystem::path& output, const Progress& progress) -> std::string {
        ImageOptions options;
        options.seed = flags.seed();
        bool by_size = flags.has("bytes");
        bool by_shape = flags.has("width") || flags.has("height");
        if (by_size && by_shape) throw usage_error("give either --bytes or --width and --height, not both");
        if (by_size) {
          const auto bytes = flags.size("bytes");
          const auto smallest = bmp_file_size({1, 1, false});
          if (bytes < smallest)
            throw usage_error("--bytes must be at least " + std::to_string(smallest) + " (a BMP of one pixel), got " +
                              flags.required("bytes"));
          auto shape = image_shape_for_file_size(bytes);
          options.width = shape.width;
          options.height = shape.height;
        } else if (by_shape) {
          constexpr std::uint64_t largest = INT32_MAX;  // a BMP header's width and height are signed
          flags.required("width");
          flags.required("height");
          options.width = static_cast<std::uint32_t>(flags.integer("width", 0, 1, largest));
          options.height = static_cast<std::uint32_t>(flags.integer("height", 0, 1, largest));
        } else {
          throw usage_error("give the image size: --width W --height H, or --bytes SIZE");
        }
        check_free_space(output, {.bytes = bmp_file_size({options.width, options.height, false})});
        generate_image(output, options, progress);
        return std::to_string(options.width) + "x" + std::to_string(options.height) + " image";
      },
  };
}

}  // namespace pgasmr::datasets::datagen
