#include <algorithm>

#include "generator.hpp"

namespace pgasmr::datasets::datagen {

const std::vector<Generator>& generators() {
  static const std::vector<Generator> all = {
      corpus_generator(),
      image_generator(),
      pairs_generator(),
      points_generator(),
      matrix_generator(),
      mailbox_generator(),
      keywords_generator(),
      keys_generator(),
      html_generator(),
  };
  return all;
}

const Generator* find_generator(std::string_view name) {
  auto found = std::ranges::find(generators(), name, &Generator::name);
  return found == generators().end() ? nullptr : &*found;
}

std::string help_text() {
  std::string text = "pgasmr-datagen: deterministic inputs for the pgasmr apps\n\nusage:\n";
  for (const auto& generator : generators())
    text += "  pgasmr-datagen " + std::string(generator.name) + " " + std::string(generator.usage) +
            " --output PATH [--quiet]\n";
  text += "  pgasmr-datagen --help\n\n";
  for (const auto& generator : generators()) {
    std::string name(generator.name);
    name.resize(std::max<std::size_t>(name.size() + 1, 9), ' ');
    std::string description(generator.description);
    for (std::size_t at = description.find('\n'); at != std::string::npos; at = description.find('\n', at + 10))
      description.insert(at + 1, 9, ' ');
    text += name + description + "\n";
  }
  text += R"(
  --seed N      the same seed and size give the same output, byte for byte (default 1)
  --quiet       no progress or summary on stderr/stdout
SIZE takes a K, M, G or T suffix (powers of 1024): 200M, 1G. An output that cannot fit in the
free space of its file system is refused before anything is written. The output appears only
when complete (written under a temporary name, then renamed; removed on Ctrl-C, SIGTERM or
SIGHUP); PATH - is standard output (not for mailbox and html, which write folders), and a
device or pipe (/dev/null) is written directly. Exit status: 0 done, 1 failed, 2 bad usage
(and sizes too large or too small).
)";
  return text;
}

}  // namespace pgasmr::datasets::datagen
