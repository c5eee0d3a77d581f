#include <pgasmr/datasets/keys.hpp>

#include "free_space.hpp"
#include "generator.hpp"

namespace pgasmr::datasets::datagen {

Generator keys_generator() {
  return {
      .name = "keys",
      .usage = "--corpus PATH --count N [--absent PERCENT] [--seed N]",
      .description = "a key file for stringmatch: N distinct keys, one a line, PERCENT of them (default 25)\n"
                     "made-up words absent from the text at PATH, the others words of it (runs of letters,\n"
                     "digits and underscores, drawn uniformly from its distinct words), shuffled.",
      .options = {"corpus", "count", "absent", "seed"},
      .write = [](const Flags& flags, const std::filesystem::path& output, const Progress&) -> std::string {
        KeysOptions options;
        options.seed = flags.seed();
        options.corpus = flags.required("corpus");
        if (options.corpus.empty()) throw usage_error("--corpus needs a path");
        if (!flags.has("count")) throw usage_error("--count is required");
        options.count = flags.integer("count", 0, 1);
        options.absent_percent = flags.integer("absent", options.absent_percent, 0, 100);
        check_free_space(output, {.bytes = saturating_product(options.count, 2)});  // a byte and a newline each
        generate_keys(output, options);
        return "key file";
      },
  };
}

}  // namespace pgasmr::datasets::datagen
