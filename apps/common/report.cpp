#include "common/report.hpp"

#include <cstdio>
#include <numeric>

namespace pgasmr::apps {
namespace {

constexpr double mebibyte = 1024.0 * 1024.0;

bool is_engine_phase(const PhaseTime& phase) { return phase.name != "load" && phase.name != "output"; }

}  // namespace

void print_run(std::string_view program, const AppOptions& options, std::uint64_t input_bytes, int processes,
               int threads_per_process) {
  std::printf("%.*s: %s (%.1f MiB), %d thread(s) = %d process(es) x %d, distribution %.*s, reduce mode %.*s\n",
              int(program.size()), program.data(), options.input.c_str(), double(input_bytes) / mebibyte,
              processes * threads_per_process, processes, threads_per_process,
              int(mr::to_string(options.engine.distribution).size()), mr::to_string(options.engine.distribution).data(),
              int(to_string(options.engine.reduce).size()), to_string(options.engine.reduce).data());
}

double engine_seconds(const std::vector<PhaseTime>& phases) {
  return std::accumulate(phases.begin(), phases.end(), 0.0, [](double sum, const PhaseTime& phase) {
    return is_engine_phase(phase) ? sum + phase.seconds : sum;
  });
}

void print_phases(const std::vector<PhaseTime>& phases, double engine, std::uint64_t input_bytes) {
  for (const auto& phase : phases) std::printf("  %-24s %9.4f s\n", phase.name.c_str(), phase.seconds);
  std::printf("  %-24s %9.4f s  (%.1f MiB/s)\n", "engine (map + reduce)", engine,
              engine > 0 ? double(input_bytes) / mebibyte / engine : 0.0);
}

void print_baseline(std::string_view name, double seconds, double engine) {
  std::printf("  %-24.*s %9.4f s  (engine speed-up %.2fx)\n", int(name.size()), name.data(), seconds,
              engine > 0 ? seconds / engine : 0.0);
}

int report_verification(std::string_view program, const std::vector<Verification>& checks) {
  int status = 0;
  for (const auto& [subject, difference] : checks) {
    if (difference.empty()) {
      std::printf("verify: OK, %s gives the sequential baseline's result\n", subject.c_str());
      continue;
    }
    std::fflush(stdout);
    std::fprintf(stderr, "%.*s: verify FAILED, %s differs from the sequential baseline: %s\n", int(program.size()),
                 program.data(), subject.c_str(), difference.c_str());
    status = 1;
  }
  return status;
}

}  // namespace pgasmr::apps
