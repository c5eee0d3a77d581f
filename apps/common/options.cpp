#include "common/options.hpp"

#include <array>
#include <charconv>
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
constexpr std::array<std::pair<std::string_view, BaselineChoice>, 4> baseline_choices = {{
    {"none", BaselineChoice::none},
    {"sequential", BaselineChoice::sequential},
    {"phoenix", BaselineChoice::phoenix},
    {"all", BaselineChoice::all},
}};

mr::DistributionKind parse_distribution(std::string_view flag, std::string_view value) {
  if (auto kind = mr::parse_distribution_kind(value)) return *kind;
  throw usage_error(std::string(flag) + " must be block|cyclic|balanced|best_fit|dynamic, got '" + std::string(value) + "'");
}

std::size_t parse_count(std::string_view flag, std::string_view value) {
  std::size_t count = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), count);
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

}  // namespace

AppOptions parse_options(std::vector<std::string> args) {
  AppOptions options;
  for (const auto& arg : args)
    if (arg == "--help" || arg == "-h") {
      options.help = true;
      return options;
    }
  try {
    options.runtime = pgas::Config::from_arguments(args);  // takes --threads and friends out of args
  } catch (const pgasmr::error& e) {
    throw usage_error(e.cause());
  }
  if (options.runtime.threads_per_process == std::size_t{0})
    throw usage_error("--threads must be at least 1 (PGASMR_THREADS too), got 0");

  std::vector<std::string> inputs;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (!arg.starts_with("-") || arg == "-") {
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
    auto value = [&]() -> std::string {
      if (inline_value) return *inline_value;
      if (i + 1 == args.size()) throw usage_error(std::string(flag) + " needs a value");
      return args[++i];
    };
    if (flag == "--verify" && !inline_value)
      options.verify = true;
    else if (flag == "--distribution")
      options.engine.distribution = parse_distribution(flag, value());
    else if (flag == "--reduce-mode")
      options.engine.reduce = parse_choice(flag, value(), reduce_choices);
    else if (flag == "--baseline")
      options.baselines = parse_choice(flag, value(), baseline_choices);
    else if (flag == "--top")
      options.top = parse_count(flag, value());
    else if (flag == "--output") {
      options.output = value();
      if (options.output->empty()) throw usage_error("--output needs a file name");
    } else
      throw usage_error("unknown option '" + std::string(arg) + "'");
  }
  if (inputs.size() != 1)
    throw usage_error(inputs.empty() ? "no input file given" : "one input file expected, got " + std::to_string(inputs.size()));
  options.input = inputs.front();
  return options;
}

std::string help_text(std::string_view program, std::string_view synopsis) {
  std::string text = "usage: " + std::string(program) + " [options] INPUT\n" + std::string(synopsis) +
                     "\nOptions:\n"
                     "  --distribution block|cyclic|balanced|best_fit|dynamic\n"
                     "                           how map work is spread over the PGAS threads (default block)\n"
                     "  --reduce-mode no_comm|all|root|by_key\n"
                     "                           how the reduce gathers the intermediate pairs (default all):\n"
                     "                           no_comm: each thread reduces its own pairs (merged on thread 0\n"
                     "                           for the output, timed apart); all: every thread gets every\n"
                     "                           pair; root: thread 0 gets them; by_key: keys are shuffled\n"
                     "                           to owner threads, reduced there, then gathered to thread 0\n"
                     "  --baseline none|sequential|phoenix|all\n"
                     "                           baselines to time after the engine, on process 0 (default none)\n"
                     "  --verify                 compare with the sequential baseline; exit 1 on a difference\n"
                     "  --top N                  print the first N lines of the result (default 10)\n"
                     "  --output FILE            write the whole result to FILE (all or nothing)\n"
                     "  --help                   this text\n"
                     "Runtime options (also under mpirun, per process):\n";
  text += pgas::Config::help();
  return text;
}

std::string_view to_string(ReduceChoice choice) { return name_of(choice, reduce_choices); }

}  // namespace pgasmr::apps
