#pragma once
// The command line of pgasmr-datagen, parsed into what to generate.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <pgasmr/datasets/corpus.hpp>
#include <pgasmr/datasets/image.hpp>

namespace pgasmr::datasets::datagen {

/// A command line that makes no sense; the program prints it with a pointer to --help, exit 2.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class Kind { help, corpus, image };

struct Arguments {
  Kind kind = Kind::help;
  std::filesystem::path output;
  bool quiet = false;
  CorpusOptions corpus;  // when kind == corpus
  ImageOptions image;    // when kind == image
};

/// Parses the arguments after the program name. Throws usage_error.
Arguments parse_arguments(const std::vector<std::string>& args);

/// The --help text.
std::string help_text();

}  // namespace pgasmr::datasets::datagen
