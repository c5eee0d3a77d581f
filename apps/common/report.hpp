#pragma once
/// @file
/// What the apps print on process 0: the run, the phase times, the baselines and speed-ups, and
/// the verification.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/options.hpp"
#include "common/stopwatch.hpp"

namespace pgasmr::apps {

/// "wordcount: corpus.txt (200.0 MiB), 4 threads = 2 processes x 2, distribution block, ..."
void print_run(std::string_view program, const AppOptions& options, std::uint64_t input_bytes, int processes,
               int threads_per_process);

/// One line per phase, then the engine's time (the phases that compute, without load and output)
/// with its throughput.
void print_phases(const std::vector<PhaseTime>& phases, double engine_seconds, std::uint64_t input_bytes);

/// "sequential baseline  1.9001 s  (engine speed-up 2.67x)"
void print_baseline(std::string_view name, double seconds, double engine_seconds);

/// One comparison of --verify: whose result, and what differs from the reference (empty: none).
struct Verification {
  std::string subject;
  std::string difference;
};

/// Prints the outcome of --verify (nothing without checks); returns the exit status: 1 when a
/// result differs from the sequential baseline's.
int report_verification(std::string_view program, const std::vector<Verification>& checks);

/// The seconds of the engine's computing phases: everything but load and output.
double engine_seconds(const std::vector<PhaseTime>& phases);

}  // namespace pgasmr::apps
