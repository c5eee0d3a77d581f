#include "datagen_arguments.hpp"

#include <algorithm>
#include <charconv>

#include <pgasmr/datasets/byte_size.hpp>

namespace pgasmr::datasets::datagen {
namespace {

std::string shortest(double value) {
  char text[32];
  auto [end, error] = std::to_chars(text, text + sizeof text, value);
  return error == std::errc{} ? std::string(text, end) : std::string("?");
}

}  // namespace

Flags::Flags(const std::vector<std::string>& args, const std::vector<std::string_view>& allowed)
    : command_(args.empty() ? std::string() : args[0]) {
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") {
      help_ = true;
      continue;
    }
    if (arg == "--quiet" || arg == "-q") {
      if (quiet_) throw usage_error("--quiet is given twice");
      quiet_ = true;
      continue;
    }
    if (!arg.starts_with("--")) throw usage_error("unexpected argument '" + std::string(arg) + "'");
    auto body = arg.substr(2);
    auto equals = body.find('=');
    auto name = std::string(body.substr(0, equals));
    if (name != "output" && std::ranges::find(allowed, name) == allowed.end())
      throw usage_error("'" + command_ + "' has no option --" + name);
    std::string value;
    if (equals != std::string_view::npos)
      value = std::string(body.substr(equals + 1));
    else if (i + 1 < args.size())
      value = args[++i];
    else
      throw usage_error("--" + name + " needs a value");
    if (!values_.emplace(name, value).second) throw usage_error("--" + name + " is given twice");
  }
}

const std::string& Flags::required(std::string_view name) const {
  auto found = values_.find(name);
  if (found == values_.end()) throw usage_error("--" + std::string(name) + " is required");
  return found->second;
}

std::filesystem::path Flags::output() const {
  const auto& path = required("output");
  if (path.empty()) throw usage_error("--output needs a path");
  return path;
}

std::uint64_t Flags::integer(std::string_view name, std::uint64_t fallback, std::uint64_t smallest,
                             std::uint64_t largest) const {
  auto found = values_.find(name);
  if (found == values_.end()) return fallback;
  std::string_view text = found->second;
  std::uint64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < smallest || value > largest) {
    std::string range = "of at least " + std::to_string(smallest);
    // A number beyond 64 bits is too large, which "of at least" does not say.
    if (largest != UINT64_MAX || error == std::errc::result_out_of_range)
      range = "from " + std::to_string(smallest) + " to " + std::to_string(largest);
    throw usage_error("--" + std::string(name) + " must be an integer " + range + ", got '" + std::string(text) + "'");
  }
  return value;
}

std::uint64_t Flags::size(std::string_view name) const {
  try {
    return parse_byte_size(required(name));
  } catch (const std::invalid_argument& e) {
    throw usage_error("--" + std::string(name) + ": " + e.what());
  }
}

double Flags::number(std::string_view name, double fallback, double smallest, double largest) const {
  auto found = values_.find(name);
  if (found == values_.end()) return fallback;
  std::string_view text = found->second;
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  // Out of range (1e400) is an error of from_chars; inf and nan parse, and fail the range.
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || !(value >= smallest) ||
      !(value <= largest)) {
    std::string range = ">= " + shortest(smallest);
    if (largest != std::numeric_limits<double>::max()) range = "from " + shortest(smallest) + " to " + shortest(largest);
    throw usage_error("--" + std::string(name) + " must be a finite number " + range + ", got '" + std::string(text) +
                      "'");
  }
  return value;
}

}  // namespace pgasmr::datasets::datagen
