#pragma once
// The benchmark programs' command lines: --help, Google Benchmark's own flags, and nothing
// else (refused with status 2, as the apps refuse a bad command line).

#include <benchmark/benchmark.h>

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pgasmr::bench {

/// Handles what is left of a program's arguments once its own options are taken out: --help
/// prints `help`, then Google Benchmark's options, and ends the program with status 0; Google
/// Benchmark takes its --benchmark_* flags; an argument left over ends it with status 2.
/// `executable` is main's argv[0] (null when there is none), which Google Benchmark keeps for
/// its reports. Only a
/// `printer` prints (one process of an MPI job). Returns the status to end with, or nothing.
inline std::optional<int> take_benchmark_arguments(std::string_view program, std::string_view help, bool printer,
                                                   char* executable, std::vector<std::string> arguments) {
  for (const auto& argument : arguments) {
    if (argument != "--help" && argument != "-h") continue;
    if (printer) {
      std::printf("%.*s\nGoogle Benchmark options:\n", static_cast<int>(help.size()), help.data());
      benchmark::PrintDefaultHelp();
    }
    return 0;
  }
  static char unnamed[] = "benchmark";
  std::vector<char*> argv{executable ? executable : unnamed};
  for (auto& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(argv.size()) - 1;
  benchmark::Initialize(&argc, argv.data());
  if (argc <= 1) return std::nullopt;
  if (printer)
    std::fprintf(stderr, "%.*s: unknown argument '%s' (see --help)\n", static_cast<int>(program.size()), program.data(),
                 argv[1]);
  return 2;
}

/// benchmark::RunSpecifiedBenchmarks, and whether it ran any: a --benchmark_filter that matches
/// nothing (or that Google Benchmark cannot compile, which it reports) measures nothing, and such
/// a run must not end with status 0 (the callers end with 2, a bad command line).
inline bool run_selected_benchmarks(std::string_view program) {
  if (benchmark::RunSpecifiedBenchmarks() > 0) return true;
  std::fprintf(stderr, "%.*s: no benchmark matches --benchmark_filter (see --benchmark_list_tests=true)\n",
               static_cast<int>(program.size()), program.data());
  return false;
}

/// The same for main's arguments (a program with no options of its own).
inline std::optional<int> take_benchmark_arguments(std::string_view program, std::string_view help, bool printer,
                                                   int argc, char** argv) {
  if (argc <= 0) return take_benchmark_arguments(program, help, printer, nullptr, {});
  return take_benchmark_arguments(program, help, printer, argv[0], {argv + 1, argv + argc});
}

}  // namespace pgasmr::bench
