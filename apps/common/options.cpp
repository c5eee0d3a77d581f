#include "common/options.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <set>
#include <string>
#include <utility>

#include <pgasmr/pgas/error.hpp>

namespace pgasmr::apps {
namespace {

template <class Enum, std::size_t N>
Enum parse_choice(std::string_view flag, std::string_view value, const std::array<std::pair<std::string_view, Enum>, N>& choices) {
  std::string names;
  for (const auto& [name, choice] : choices) {
    if (name == value) return choice;
    names += (names.empty() ? "" : "|") + std::string(name);
  }
  throw usage_error(std::string(flag) + " must be " + names + ", got '" + std::string(value) + "'");
}

constexpr std::array<std::pair<std::string_view, ReduceChoice>, 4> reduce_choices = {{
    {"no_comm", ReduceChoice::no_comm},
    {"all", ReduceChoice::all},
    {"root", ReduceChoice::root},
    {"by_key", ReduceChoice::by_key},
}};
constexpr std::array<std::pair<std::string_view, BaselineChoice>, 5> baseline_choices = {{
    {"none", BaselineChoice::none},
    {"sequential", BaselineChoice::sequential},
    {"phoenix", BaselineChoice::phoenix},
    {"tbb", BaselineChoice::tbb},
    {"all", BaselineChoice::all},
}};

mr::DistributionKind parse_distribution(std::string_view flag, std::string_view value) {
  if (auto kind = mr::parse_distribution_kind(value)) return *kind;
  throw usage_error(std::string(flag) + " must be block|cyclic|balanced|best_fit|dynamic, got '" + std::string(value) + "'");
}

std::uint64_t parse_count(std::string_view flag, std::string_view value) {
  std::uint64_t count = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), count);
  if (ec == std::errc::result_out_of_range && end == value.data() + value.size())
    throw usage_error(std::string(flag) + " is too large, got '" + std::string(value) + "' (at most " +
                      std::to_string(std::numeric_limits<std::uint64_t>::max()) + ")");
  if (value.empty() || ec != std::errc() || end != value.data() + value.size())
    throw usage_error(std::string(flag) + " must be a whole number, got '" + std::string(value) + "'");
  return count;
}

template <class Enum, std::size_t N>
std::string_view name_of(Enum value, const std::array<std::pair<std::string_view, Enum>, N>& choices) {
  for (const auto& [name, choice] : choices)
    if (choice == value) return name;
  return "?";
}

const AppFlag* find_flag(const CommandLine& command_line, std::string_view name) {
  for (const auto& flag : command_line.flags)
    if (flag.name == name) return &flag;
  return nullptr;
}

}  // namespace

std::optional<std::string> AppOptions::value(std::string_view flag) const {
  if (auto given = app_values.find(flag); given != app_values.end()) return given->second;
  for (const auto& defined : app_flags)
    if (defined.name == flag && !defined.default_value.empty()) return std::string(defined.default_value);
  return std::nullopt;
}

std::vector<std::filesystem::path> AppOptions::flag_files() const {
  std::vector<std::filesystem::path> files;
  for (const auto& flag : app_flags)
    if (auto given = app_values.find(flag.name); flag.names_file && given != app_values.end())
      files.emplace_back(given->second);
  return files;
}

std::uint64_t AppOptions::whole_number(std::string_view flag) const {
  auto text = value(flag);
  if (!text) throw usage_error(std::string(flag) + " needs a value");
  return parse_count(flag, *text);
}

AppOptions parse_options(std::vector<std::string> args, const CommandLine& command_line) {
  AppOptions options;
  options.app_flags = command_line.flags;
  for (const auto& arg : args) {
    if (arg == "--") break;  // the end of the options
    if (arg == "--help" || arg == "-h") {
      options.help = true;
      return options;
    }
  }
  try {
    options.runtime = pgas::Config::from_arguments(args);  // takes --threads and friends out of args
  } catch (const pgasmr::error& e) {
    throw usage_error(e.cause());
  }

  std::vector<std::string> inputs;
  std::set<std::string, std::less<>> given;  // a flag given twice is refused, not overridden
  bool options_ended = false;  // by `--`: what follows are operands, whatever their names
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "--" && !options_ended) {
      options_ended = true;
      continue;
    }
    if (options_ended || !arg.starts_with("-") || arg == "-") {
      inputs.push_back(args[i]);
      continue;
    }
    // Both `--flag value` and `--flag=value`.
    std::string_view flag = arg;
    std::optional<std::string> inline_value;
    if (auto equals = arg.find('='); equals != std::string_view::npos) {
      flag = arg.substr(0, equals);
      inline_value = std::string(arg.substr(equals + 1));
    }
    if (!given.emplace(flag).second) throw usage_error(std::string(flag) + " is given twice");
    auto value = [&]() -> std::string {
      if (inline_value) return *inline_value;
      if (i + 1 == args.size()) throw usage_error(std::string(flag) + " needs a value");
      return args[++i];
    };
    if (flag == "--verify" && !inline_value)
      options.verify = true;
    else if (flag == "--show-balance" && !inline_value)
      options.show_balance = true;
    else if (flag == "--distribution")
      options.engine.distribution = parse_distribution(flag, value());
    else if (flag == "--reduce-mode")
      options.engine.reduce = parse_choice(flag, value(), reduce_choices);
    else if (flag == "--baseline")
      options.baselines = parse_choice(flag, value(), baseline_choices);
    else if (flag == "--top")
      options.top = parse_count(flag, value());
    else if (flag == "--skip-unreadable" && !inline_value)
      options.skip_unreadable = true;
    else if (const auto* app_flag = find_flag(command_line, flag)) {
      const auto& given_value = options.app_values[std::string(app_flag->name)] = value();
      if (given_value.empty() && app_flag->names_file)
        throw usage_error(std::string(flag) + " needs a file name");
    } else if (flag == "--output") {
      options.output = value();
      if (options.output->empty()) throw usage_error("--output needs a file name");
    } else
      throw usage_error("unknown option '" + std::string(arg) + "'");
  }
  if (inputs.empty()) throw usage_error("no input given (" + std::string(command_line.operands) + ")");
  if (inputs.size() > 1 && !command_line.many_operands)
    throw usage_error("one input expected (" + std::string(command_line.operands) + "), got " + std::to_string(inputs.size()));
  if (options.skip_unreadable && !command_line.file_list)
    throw usage_error("--skip-unreadable is for apps that read lists of files; this one reads " +
                      std::string(command_line.operands));
  options.inputs.assign(inputs.begin(), inputs.end());
  for (const auto& flag : command_line.flags)
    if (flag.required && !options.app_values.contains(flag.name))
      throw usage_error(std::string(flag.name) + " " + std::string(flag.value_name) + " is required");
  return options;
}

std::string help_text(std::string_view program, std::string_view synopsis, const CommandLine& command_line,
                      bool weighs_elements) {
  std::string text = "usage: " + std::string(program) + " [options] " + std::string(command_line.operands) + "\n" +
                     std::string(synopsis) + "\nOptions:\n";
  for (const auto& flag : command_line.flags) {
    std::string name = "  " + std::string(flag.name) + " " + std::string(flag.value_name);
    name.resize(std::max<std::size_t>(name.size() + 1, 27), ' ');
    text += name + std::string(flag.help);
    if (flag.required) text += " (required)";
    if (!flag.default_value.empty()) text += " (default " + std::string(flag.default_value) + ")";
    text += "\n";
  }
  text +=
      "  --distribution block|cyclic|balanced|best_fit|dynamic\n"
      "                           how map work is spread over the PGAS threads (default block)\n"
      "  --reduce-mode no_comm|all|root|by_key\n"
      "                           how the reduce gathers the intermediate pairs (default all):\n"
      "                           no_comm: each thread reduces its own pairs (merged on thread 0\n"
      "                           for the output, timed apart); all: every thread gets every\n"
      "                           pair; root: thread 0 gets them; by_key: keys are shuffled\n"
      "                           to owner threads, reduced there, then gathered to thread 0\n"
      "  --baseline none|sequential|phoenix|tbb|all\n"
      "                           baselines to time after the engine, on process 0 (default none):\n"
      "                           a sequential loop, Phoenix++'s design, oneTBB's algorithms\n"
      "  --verify                 compare with the sequential baseline; exit 1 on a difference\n"
      "  --top N                  print the first N lines of the result (default 10)\n";
  if (weighs_elements)
    text +=
        "  --show-balance           print the weight of each thread's map elements under the\n"
        "                           distribution, block and cyclic\n";
  text +=
      "  --output FILE            write the whole result to FILE (all or nothing; - is standard\n"
      "                           output, the report then goes to standard error)\n"
      "  --help                   this text\n"
      "  --                       the end of the options: the arguments after it are inputs\n";
  if (command_line.file_list)
    text += "  --skip-unreadable        warn about input files that cannot be read and go on\n";
  text += "Runtime options (also under mpirun, per process):\n";
  text += pgas::Config::help();
  text += "Exit status: 0 done (and verified with --verify), 1 failure or a --verify mismatch, 2 bad usage.\n";
  return text;
}

std::string_view to_string(ReduceChoice choice) { return name_of(choice, reduce_choices); }

std::string_view to_string(BaselineChoice choice) { return name_of(choice, baseline_choices); }

}  // namespace pgasmr::apps
