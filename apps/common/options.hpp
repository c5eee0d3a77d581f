#pragma once
/// @file
/// The command line shared by the apps: input, runtime, engine choices, baselines and outputs.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/mapreduce/distribution.hpp>
#include <pgasmr/pgas/config.hpp>

namespace pgasmr::apps {

/// A bad command line: the app prints it with a hint to --help and exits with status 2.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// --reduce-mode. The output needs the whole result on thread 0, so root means root(0) and
/// by_key ends with a gather to thread 0; no_comm's per-thread results are merged afterwards.
enum class ReduceChoice { no_comm, all, root, by_key };

/// --baseline: which baselines run after the engine (on process 0).
enum class BaselineChoice { none, sequential, phoenix, all };

/// How the engine version runs: --distribution and --reduce-mode.
struct EngineChoice {
  mr::DistributionKind distribution = mr::DistributionKind::block;
  ReduceChoice reduce = ReduceChoice::all;
};

struct AppOptions {
  std::filesystem::path input;
  pgas::Config runtime;  ///< --threads (at least 1) and the other runtime flags
  EngineChoice engine;
  BaselineChoice baselines = BaselineChoice::none;
  bool verify = false;  ///< compare with the sequential baseline; exit 1 on a difference
  std::size_t top = 10;
  std::optional<std::filesystem::path> output;
  bool help = false;  ///< --help was given: nothing else was checked

  bool runs_sequential() const noexcept {
    return verify || baselines == BaselineChoice::sequential || baselines == BaselineChoice::all;
  }
  bool runs_phoenix() const noexcept { return baselines == BaselineChoice::phoenix || baselines == BaselineChoice::all; }
};

/// Parses the arguments after the program name; throws usage_error naming the bad argument.
AppOptions parse_options(std::vector<std::string> args);

/// The --help text: `synopsis` (what the app does and its input), then the shared options.
std::string help_text(std::string_view program, std::string_view synopsis);

std::string_view to_string(ReduceChoice choice);

}  // namespace pgasmr::apps
