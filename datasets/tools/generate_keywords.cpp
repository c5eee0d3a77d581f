#include <pgasmr/datasets/keyword_list.hpp>

#include "free_space.hpp"
#include "generator.hpp"

namespace pgasmr::datasets::datagen {

Generator keywords_generator() {
  return {
      .name = "keywords",
      .usage = "--count N [--seed N] [--dictionary PATH]",
      .description = "a keyword file for spamcount and mailbox: N distinct dictionary words of ASCII letters,\n"
                     "one a line, in a seeded order (a shorter list is the start of a longer one), leaving out\n"
                     "the most common English words and the words of mail headers.",
      .options = {"count", "seed", "dictionary"},
      .write = [](const Flags& flags, const std::filesystem::path& output, const Progress& progress) -> std::string {
        KeywordListOptions options;
        options.seed = flags.seed();
        flags.required("count");
        options.count = flags.integer("count", 0, 1);
        if (flags.has("dictionary")) {
          options.dictionary = flags.required("dictionary");
          if (options.dictionary.empty()) throw usage_error("--dictionary needs a path");
        }
        check_free_space(output, {.bytes = saturating_product(options.count, 2)});  // a letter and a newline each
        generate_keyword_list(output, options, progress);
        return std::to_string(options.count) + " keywords";
      },
  };
}

}  // namespace pgasmr::datasets::datagen
