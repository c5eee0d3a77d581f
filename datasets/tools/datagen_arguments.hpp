#pragma once
// The command line of pgasmr-datagen: a subcommand (one generator) and its flags.

#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pgasmr::datasets::datagen {

/// A command line that makes no sense; the program prints it with a pointer to --help, exit 2.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The `--name value` (or `--name=value`) flags after a subcommand, with typed readers that
/// throw usage_error naming the flag. --output, --quiet and --help are common to every
/// subcommand.
class Flags {
 public:
  /// Reads args[1...] (args[0] is the subcommand); `allowed` are the subcommand's own flags.
  Flags(const std::vector<std::string>& args, const std::vector<std::string_view>& allowed);

  bool help() const noexcept { return help_; }
  bool quiet() const noexcept { return quiet_; }
  bool has(std::string_view name) const { return values_.contains(name); }
  /// The value of --name; usage_error "--name is required" when absent.
  const std::string& required(std::string_view name) const;
  /// --output: a path, required.
  std::filesystem::path output() const;
  /// An integer of at least `smallest` (and at most `largest`); `fallback` when absent.
  std::uint64_t integer(std::string_view name, std::uint64_t fallback, std::uint64_t smallest = 0,
                        std::uint64_t largest = UINT64_MAX) const;
  /// A SIZE with an optional K/M/G/T suffix; required.
  std::uint64_t size(std::string_view name) const;
  /// A finite number of at least `smallest` (and at most `largest`); `fallback` when absent.
  double number(std::string_view name, double fallback, double smallest,
                double largest = std::numeric_limits<double>::max()) const;
  /// --seed N (default 1).
  std::uint64_t seed() const { return integer("seed", 1); }

 private:
  std::string command_;
  std::map<std::string, std::string, std::less<>> values_;
  bool quiet_ = false;
  bool help_ = false;
};

}  // namespace pgasmr::datasets::datagen
