#pragma once
/// @file
/// What the apps print on process 0: the run, the phase times, the baselines and speed-ups, the
/// verification and the peak memory. Everything goes to one stream: standard output, or
/// standard error when the result itself goes to standard output (--output -).

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "common/options.hpp"
#include "common/stopwatch.hpp"

namespace pgasmr::apps {

/// What the report says of an app's input.
struct InputSummary {
  std::uint64_t bytes = 0;
  std::size_t files = 1;
  std::vector<std::string> skipped = {};  ///< "path: why" of each input left out (--skip-unreadable)
};

/// "wordcount: corpus.txt (200.0 MiB), 4 threads = 2 processes x 2, distribution block, ..."
/// (or "3 inputs, 1200 files (...)"), then a warning line per skipped input.
void print_run(std::FILE* to, std::string_view program, const AppOptions& options, const InputSummary& input,
               int processes, int threads_per_process);

/// One line per phase, then the engine's time (the phases that compute, without load and output)
/// with its throughput.
void print_phases(std::FILE* to, const std::vector<PhaseTime>& phases, double engine_seconds, std::uint64_t input_bytes);

/// "sequential baseline  1.9001 s  (engine speed-up 2.67x)"
void print_baseline(std::FILE* to, std::string_view name, double seconds, double engine_seconds);

/// "peak memory 264.1 MiB (process 0)": the maximum resident set size so far (getrusage).
void print_peak_memory(std::FILE* to);

/// One comparison of --verify: whose result, and what differs from the reference (empty: none).
struct Verification {
  std::string subject;
  std::string difference;
};

/// Prints the outcome of --verify (nothing without checks; failures on stderr); returns the
/// exit status: 1 when a result differs from the sequential baseline's.
int report_verification(std::FILE* to, std::string_view program, const std::vector<Verification>& checks);

/// The seconds of the engine's computing phases: everything but load and output.
double engine_seconds(const std::vector<PhaseTime>& phases);

}  // namespace pgasmr::apps
