// pgasmr-datagen's command line (one argument per line of the input): the subcommand's flags
// parsed and each read as its generator may read it, or refused with a usage_error, never
// anything else. Nothing is generated.

#include <cstdint>
#include <string>

#include "fuzz_input.hpp"
#include "generator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace datagen = pgasmr::datasets::datagen;
  auto args = pgasmr::fuzz::as_arguments(pgasmr::fuzz::as_text(data, size));
  if (args.empty()) return 0;
  const auto* generator = datagen::find_generator(args[0]);
  if (generator == nullptr) return 0;
  auto read = [](auto&& reader) {
    try {
      reader();
    } catch (const datagen::usage_error&) {
    }
  };
  try {
    datagen::Flags flags(args, generator->options);
    read([&] { (void)flags.output(); });
    read([&] { (void)flags.seed(); });
    for (auto option : generator->options) {
      read([&] { (void)flags.integer(option, 0, 1, 1000); });
      read([&] { (void)flags.size(option); });
      read([&] { (void)flags.number(option, 0.5, 0.0); });
    }
  } catch (const datagen::usage_error&) {
  }
  return 0;
}
