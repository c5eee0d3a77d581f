#pragma once
// One subcommand of pgasmr-datagen: what it writes, its flags, and the function that writes it.

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/datasets/progress.hpp>

#include "datagen_arguments.hpp"

namespace pgasmr::datasets::datagen {

struct Generator {
  std::string_view name;         ///< the subcommand
  std::string_view usage;        ///< its flags for the usage lines, e.g. "--bytes SIZE [--seed N]"
  std::string_view description;  ///< the --help paragraph (lines indented by 9 spaces after the first)
  std::vector<std::string_view> options;  ///< allowed flags besides --output, --quiet and --help
  bool writes_folder = false;  ///< a folder of files: --output - (standard output) cannot hold it
  /// Writes the output (all-or-nothing) and returns what it wrote for the summary line, e.g.
  /// "corpus" or "640x480 image". Throws usage_error for bad flag values, std::invalid_argument
  /// for sizes the format or the disk cannot hold (check_free_space before writing).
  std::function<std::string(const Flags& flags, const std::filesystem::path& output, const Progress& progress)> write;
};

// The generators, one file each (generate_<name>.cpp).
Generator corpus_generator();
Generator image_generator();
Generator pairs_generator();
Generator points_generator();
Generator matrix_generator();
Generator keywords_generator();
Generator mailbox_generator();
Generator keys_generator();
Generator html_generator();

/// Every generator, in the order --help lists them.
const std::vector<Generator>& generators();

/// The generator named `name`, or nullptr.
const Generator* find_generator(std::string_view name);

/// The --help text: the usage lines and descriptions of every generator.
std::string help_text();

}  // namespace pgasmr::datasets::datagen
