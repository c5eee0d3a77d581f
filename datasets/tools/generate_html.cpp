#include <pgasmr/datasets/html_pages.hpp>

#include "generator.hpp"

namespace pgasmr::datasets::datagen {

Generator html_generator() {
  return {
      .name = "html",
      .usage = "--files N --bytes SIZE --links L [--seed N] [--zipf S]",
      .description = "a folder of N HTML pages of SIZE bytes in all (100 a subfolder) for revindex:\n"
                     "paragraphs of English words and links to L URLs drawn with Zipf frequencies\n"
                     "(exponent S, default 1.0), in the forms revindex reads and some it must not.",
      .options = {"files", "bytes", "links", "seed", "zipf"},
      .write = [](const Flags& flags, const std::filesystem::path& output, const Progress&) -> std::string {
        HtmlOptions options;
        options.seed = flags.seed();
        for (auto required : {"files", "links"})
          if (!flags.has(required)) throw usage_error("--" + std::string(required) + " is required");
        options.files = flags.integer("files", 0, 1);
        options.links = flags.integer("links", 0, 1, UINT32_MAX - 1);
        options.bytes = flags.size("bytes");
        options.zipf_s = flags.number("zipf", options.zipf_s, 0);
        generate_html(output, options);
        return std::to_string(options.files) + " HTML pages";
      },
  };
}

}  // namespace pgasmr::datasets::datagen
