#pragma once
/// @file
/// The command line shared by the apps: input, runtime, engine choices, baselines and outputs.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
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
enum class BaselineChoice { none, sequential, phoenix, tbb, all };

/// How the engine version runs: --distribution and --reduce-mode.
struct EngineChoice {
  mr::DistributionKind distribution = mr::DistributionKind::block;
  ReduceChoice reduce = ReduceChoice::all;
};

/// An option of one app only (--keywords FILE, --clusters K, ...), parsed with the shared ones.
/// Every app flag takes a value.
struct AppFlag {
  std::string_view name;        ///< "--clusters"
  std::string_view value_name = {};  ///< "K", for --help
  std::string_view help = {};        ///< what it means, for --help
  std::string_view default_value = {};  ///< used when the flag is absent (empty: none)
  bool required = false;        ///< a usage_error when absent
  bool names_file = false;      ///< its value is a file the job reads: an input, as the operands are
};

/// What an app's command line takes besides the shared options.
struct CommandLine {
  std::string_view operands = "INPUT";  ///< as the usage line shows them: "INPUT", "INPUT...", "PAIRS"
  bool many_operands = false;           ///< more than one operand allowed
  bool file_list = false;  ///< the operands are files and directories read as one input: --skip-unreadable applies
  std::vector<AppFlag> flags = {};
};

struct AppOptions {
  std::vector<std::filesystem::path> inputs;  ///< the operands, at least one
  pgas::Config runtime;  ///< --threads (at least 1) and the other runtime flags
  EngineChoice engine;
  BaselineChoice baselines = BaselineChoice::none;
  bool verify = false;  ///< compare with the sequential baseline; exit 1 on a difference
  bool show_balance = false;  ///< print the weight of each thread's map elements (apps with weights)
  std::size_t top = 10;
  std::optional<std::filesystem::path> output;
  bool skip_unreadable = false;  ///< warn about unreadable input files and go on
  bool help = false;  ///< --help was given: nothing else was checked
  /// The app flags given, by name ("--clusters" -> "8").
  std::map<std::string, std::string, std::less<>> app_values;
  /// The app's flag definitions (their defaults).
  std::vector<AppFlag> app_flags;

  /// The one operand of a single-input app.
  const std::filesystem::path& input() const { return inputs.front(); }
  /// An app flag's value, or its default; nullopt when it has neither.
  std::optional<std::string> value(std::string_view flag) const;
  /// An app flag's value as a whole number; usage_error naming the flag otherwise (or when it
  /// has no value at all).
  std::uint64_t whole_number(std::string_view flag) const;
  /// The files that the given app flags with names_file name (such as --keys).
  std::vector<std::filesystem::path> flag_files() const;

  bool runs_sequential() const noexcept {
    return verify || baselines == BaselineChoice::sequential || baselines == BaselineChoice::all;
  }
  bool runs_phoenix() const noexcept { return baselines == BaselineChoice::phoenix || baselines == BaselineChoice::all; }
  bool runs_tbb() const noexcept { return baselines == BaselineChoice::tbb || baselines == BaselineChoice::all; }
};

/// Parses the arguments after the program name; throws usage_error naming the bad argument.
AppOptions parse_options(std::vector<std::string> args, const CommandLine& command_line = {});

/// The --help text: the usage line, `synopsis` (what the app does and its input), the app's
/// flags, the shared options (--show-balance only for an app that weighs its map elements) and
/// the exit statuses.
std::string help_text(std::string_view program, std::string_view synopsis, const CommandLine& command_line = {},
                      bool weighs_elements = false);

std::string_view to_string(ReduceChoice choice);
std::string_view to_string(BaselineChoice choice);

}  // namespace pgasmr::apps
