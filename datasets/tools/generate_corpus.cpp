#include <pgasmr/datasets/corpus.hpp>

#include "free_space.hpp"
#include "generator.hpp"

namespace pgasmr::datasets::datagen {

Generator corpus_generator() {
  return {
      .name = "corpus",
      .usage = "--bytes SIZE [--seed N] [--dictionary PATH] [--zipf S]",
      .description = "text of exactly SIZE bytes: words drawn with Zipf frequencies (exponent S, default 1.0)\n"
                     "from PATH, one word a line (default /usr/share/dict/words, or built-in words when\n"
                     "that file is absent), in sentences, lines and paragraphs.",
      .options = {"bytes", "seed", "dictionary", "zipf"},
      .write = [](const Flags& flags, const std::filesystem::path& output, const Progress& progress) -> std::string {
        CorpusOptions options;
        options.seed = flags.seed();
        options.bytes = flags.size("bytes");
        if (flags.has("dictionary")) {
          options.dictionary = flags.required("dictionary");
          if (options.dictionary.empty()) throw usage_error("--dictionary needs a path");
        }
        options.zipf_s = flags.number("zipf", options.zipf_s, 0);
        check_free_space(output, {.bytes = options.bytes});
        generate_corpus(output, options, progress);
        return "corpus";
      },
  };
}

}  // namespace pgasmr::datasets::datagen
