#include <pgasmr/datasets/mailbox.hpp>

#include "free_space.hpp"
#include "generator.hpp"

namespace pgasmr::datasets::datagen {

Generator mailbox_generator() {
  return {
      .name = "mailbox",
      .usage = "--files N --bytes SIZE [--keywords FILE [--rate R] [--planted K]] [--seed N] [--dictionary PATH] [--zipf S]",
      .description = "a directory of N e-mail-like files of SIZE bytes in all (at least 512 each; log-normal\n"
                     "sizes: many small, a few large): From/To/Subject/Date headers and corpus-like prose in\n"
                     "which a word is one of the first K keywords of FILE (default all) with chance R\n"
                     "(default 0.01); FILE's keywords occur nowhere else in the prose (a keyword that\n"
                     "is a header word, such as Subject or a month, also occurs in the headers).",
      .options = {"files", "bytes", "keywords", "rate", "planted", "seed", "dictionary", "zipf"},
      .writes_folder = true,
      .write = [](const Flags& flags, const std::filesystem::path& output, const Progress& progress) -> std::string {
        MailboxOptions options;
        options.seed = flags.seed();
        options.files = flags.integer("files", 0, 1);
        flags.required("files");
        options.bytes = flags.size("bytes");
        if (flags.has("keywords")) {
          options.keywords = flags.required("keywords");
          if (options.keywords.empty()) throw usage_error("--keywords needs a path");
        } else if (flags.has("rate") || flags.has("planted")) {
          throw usage_error("--rate and --planted need --keywords");
        }
        options.rate = flags.number("rate", options.rate, 0, 1);
        if (flags.has("planted")) options.planted = flags.integer("planted", 0);
        if (flags.has("dictionary")) {
          options.dictionary = flags.required("dictionary");
          if (options.dictionary.empty()) throw usage_error("--dictionary needs a path");
        }
        options.zipf_s = flags.number("zipf", options.zipf_s, 0);
        check_free_space(output, {.bytes = options.bytes, .files = options.files + 1});  // the mails and their folder
        generate_mailbox(output, options, progress);
        return "mailbox of " + std::to_string(options.files) + " files";
      },
  };
}

}  // namespace pgasmr::datasets::datagen
