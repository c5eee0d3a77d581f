#include "linreg/pairs_input.hpp"

#include <stdexcept>

namespace pgasmr::apps::linreg {

PairsInput load_pairs(const AppOptions& options) {
  PairsInput input{datasets::MappedFile(options.input(), datasets::Prefetch::populate)};
  try {
    input.format = datasets::parse_pair_format(options.value("--format").value_or("float64"));
  } catch (const std::invalid_argument& e) {
    throw usage_error(std::string("--format: ") + e.what());
  }
  input.points = datasets::count_points(input.file.bytes(), input.format, options.input().native());
  return input;
}

}  // namespace pgasmr::apps::linreg
