#include "linreg/pairs_input.hpp"

#include <stdexcept>

namespace pgasmr::apps::linreg {

datasets::PairFormat pair_format_of(const AppOptions& options) {
  try {
    return datasets::parse_pair_format(options.value("--format").value_or("float64"));
  } catch (const std::invalid_argument& e) {
    throw usage_error(std::string("--format: ") + e.what());
  }
}

PairsInput load_pairs(const AppOptions& options) {
  const auto format = pair_format_of(options);
  PairsInput input{datasets::MappedFile(options.input(), datasets::Prefetch::populate), format};
  input.points = datasets::count_points(input.file.bytes(), input.format, options.input().native());
  return input;
}

}  // namespace pgasmr::apps::linreg
