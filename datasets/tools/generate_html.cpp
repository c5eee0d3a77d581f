#include <pgasmr/datasets/html_pages.hpp>

#include "free_space.hpp"
#include "generator.hpp"

namespace pgasmr::datasets::datagen {

Generator html_generator() {
  return {
      .name = "html",
      .usage = "--files N --bytes SIZE --links L [--seed N] [--zipf S]",
      .description = "a folder of N HTML pages of SIZE bytes in all (100 a subfolder; each at least its bare\n"
                     "frame, about 80 bytes) for revindex: paragraphs of English words and links to L URLs\n"
                     "drawn with Zipf frequencies (exponent S, default 1.0), in the forms revindex reads and\n"
                     "some it must not.",
      .options = {"files", "bytes", "links", "seed", "zipf"},
      .writes_folder = true,
      .write = [](const Flags& flags, const std::filesystem::path& output, const Progress&) -> std::string {
        HtmlOptions options;
        options.seed = flags.seed();
        for (auto required : {"files", "links"})
          if (!flags.has(required)) throw usage_error("--" + std::string(required) + " is required");
        options.files = flags.integer("files", 0, 1);
        options.links = flags.integer("links", 0, 1, UINT32_MAX - 1);
        options.bytes = flags.size("bytes");
        options.zipf_s = flags.number("zipf", options.zipf_s, 0);
        // The pages, their folders of 100 and the folder of folders.
        check_free_space(output, {.bytes = options.bytes, .files = options.files + (options.files + 99) / 100 + 1});
        generate_html(output, options);
        return std::to_string(options.files) + " HTML pages";
      },
  };
}

}  // namespace pgasmr::datasets::datagen
