#include "datagen_arguments.hpp"

#include <charconv>
#include <map>
#include <set>
#include <string_view>

#include <pgasmr/datasets/byte_size.hpp>

namespace pgasmr::datasets::datagen {
namespace {

const std::set<std::string, std::less<>> corpus_options = {"bytes", "seed", "output", "dictionary", "zipf"};
const std::set<std::string, std::less<>> image_options = {"bytes", "width", "height", "seed", "output"};

/// `--name value` and `--name=value` pairs after the subcommand; `--quiet` and `--help` take none.
struct Flags {
  std::map<std::string, std::string, std::less<>> values;
  bool quiet = false;
  bool help = false;
};

Flags read_flags(const std::vector<std::string>& args, std::string_view command,
                 const std::set<std::string, std::less<>>& allowed) {
  Flags flags;
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") {
      flags.help = true;
      continue;
    }
    if (arg == "--quiet" || arg == "-q") {
      flags.quiet = true;
      continue;
    }
    if (!arg.starts_with("--")) throw usage_error("unexpected argument '" + std::string(arg) + "'");
    auto body = arg.substr(2);
    auto equals = body.find('=');
    auto name = std::string(body.substr(0, equals));
    if (!allowed.contains(name))
      throw usage_error("'" + std::string(command) + "' has no option --" + name);
    std::string value;
    if (equals != std::string_view::npos)
      value = std::string(body.substr(equals + 1));
    else if (i + 1 < args.size())
      value = args[++i];
    else
      throw usage_error("--" + name + " needs a value");
    if (!flags.values.emplace(name, value).second) throw usage_error("--" + name + " is given twice");
  }
  return flags;
}

template <class Integer>
Integer parse_integer(std::string_view name, std::string_view text, Integer smallest) {
  Integer value{};
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < smallest)
    throw usage_error("--" + std::string(name) + " must be an integer of at least " + std::to_string(smallest) +
                      ", got '" + std::string(text) + "'");
  return value;
}

std::uint64_t parse_size(std::string_view name, std::string_view text) {
  try {
    return parse_byte_size(text);
  } catch (const std::invalid_argument& e) {
    throw usage_error("--" + std::string(name) + ": " + e.what());
  }
}

double parse_exponent(std::string_view text) {
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || !(value >= 0))
    throw usage_error("--zipf must be a number >= 0, got '" + std::string(text) + "'");
  return value;
}

const std::string& required(const Flags& flags, const std::string& name) {
  auto found = flags.values.find(name);
  if (found == flags.values.end()) throw usage_error("--" + name + " is required");
  return found->second;
}

std::uint64_t seed_of(const Flags& flags) {
  auto found = flags.values.find("seed");
  return found == flags.values.end() ? 1 : parse_integer<std::uint64_t>("seed", found->second, 0);
}

CorpusOptions corpus_from(const Flags& flags) {
  CorpusOptions options;
  options.seed = seed_of(flags);
  options.bytes = parse_size("bytes", required(flags, "bytes"));
  if (auto found = flags.values.find("dictionary"); found != flags.values.end()) {
    if (found->second.empty()) throw usage_error("--dictionary needs a path");
    options.dictionary = found->second;
  }
  if (auto found = flags.values.find("zipf"); found != flags.values.end()) options.zipf_s = parse_exponent(found->second);
  return options;
}

ImageOptions image_from(const Flags& flags) {
  ImageOptions options;
  options.seed = seed_of(flags);
  bool by_size = flags.values.contains("bytes");
  bool by_shape = flags.values.contains("width") || flags.values.contains("height");
  if (by_size && by_shape) throw usage_error("give either --bytes or --width and --height, not both");
  if (by_size) {
    auto shape = image_shape_for_file_size(parse_size("bytes", flags.values.at("bytes")));
    options.width = shape.width;
    options.height = shape.height;
  } else if (by_shape) {
    options.width = parse_integer<std::uint32_t>("width", required(flags, "width"), 1);
    options.height = parse_integer<std::uint32_t>("height", required(flags, "height"), 1);
  } else {
    throw usage_error("give the image size: --width W --height H, or --bytes SIZE");
  }
  return options;
}

}  // namespace

Arguments parse_arguments(const std::vector<std::string>& args) {
  Arguments arguments;
  if (args.empty()) throw usage_error("missing the subcommand: corpus or image");
  const std::string& command = args[0];
  if (command == "--help" || command == "-h" || command == "help") return arguments;
  if (command != "corpus" && command != "image") throw usage_error("unknown subcommand '" + command + "' (corpus or image)");

  auto flags = read_flags(args, command, command == "corpus" ? corpus_options : image_options);
  if (flags.help) return arguments;
  arguments.quiet = flags.quiet;
  arguments.output = required(flags, "output");
  if (arguments.output.empty()) throw usage_error("--output needs a path");
  if (command == "corpus") {
    arguments.kind = Kind::corpus;
    arguments.corpus = corpus_from(flags);
  } else {
    arguments.kind = Kind::image;
    arguments.image = image_from(flags);
  }
  return arguments;
}

std::string help_text() {
  return R"(pgasmr-datagen: deterministic inputs for the word count and histogram apps

usage:
  pgasmr-datagen corpus --bytes SIZE --output FILE [--seed N] [--dictionary PATH] [--zipf S] [--quiet]
  pgasmr-datagen image (--width W --height H | --bytes SIZE) --output FILE [--seed N] [--quiet]
  pgasmr-datagen --help

corpus   text of exactly SIZE bytes: words drawn with Zipf frequencies (exponent S, default 1.0)
         from PATH, one word a line (default /usr/share/dict/words, or built-in words when
         that file is absent), in sentences, lines and paragraphs.
image    a 24-bit uncompressed BMP, W x H pixels (any width: rows are padded to 4 bytes), or
         about 4:3 with a file of at most SIZE bytes.

  --seed N      the same seed and size give the same file, byte for byte (default 1)
  --quiet       no progress or summary on stderr/stdout
SIZE takes a K, M, G or T suffix (powers of 1024): 200M, 1G. The output appears only when
complete (written to a temporary file, then renamed); FILE - is standard output, and a device
or pipe (/dev/null) is written directly. Exit status: 0 done, 1 failed, 2 bad usage.
)";
}

}  // namespace pgasmr::datasets::datagen
