#include "common/report.hpp"

#include <sys/resource.h>

#include <numeric>

#include <pgasmr/datasets/in_quotes.hpp>

namespace pgasmr::apps {
namespace {

constexpr double mebibyte = 1024.0 * 1024.0;

bool is_engine_phase(const PhaseTime& phase) { return phase.name != "load" && phase.name != "output"; }

std::string describe_inputs(const AppOptions& options, const InputSummary& input) {
  // A name may hold a newline or a terminal's escape: shown escaped, as the messages show it.
  const auto first = datasets::escaped(options.input().native());
  if (options.inputs.size() == 1 && input.files == 1) return first;
  std::string operands = options.inputs.size() == 1 ? first : std::to_string(options.inputs.size()) + " inputs";
  return operands + ", " + std::to_string(input.files) + " file(s)";
}

}  // namespace

void print_run(std::FILE* to, std::string_view program, const AppOptions& options, const InputSummary& input,
               int processes, int threads_per_process) {
  auto distribution = mr::to_string(options.engine.distribution);
  auto reduce = to_string(options.engine.reduce);
  std::fprintf(to, "%.*s: %s (%.1f MiB), %d thread(s) = %d process(es) x %d, distribution %.*s, reduce mode %.*s\n",
               int(program.size()), program.data(), describe_inputs(options, input).c_str(),
               double(input.bytes) / mebibyte, processes * threads_per_process, processes, threads_per_process,
               int(distribution.size()), distribution.data(), int(reduce.size()), reduce.data());
  for (const auto& skipped : input.skipped)
    std::fprintf(stderr, "%.*s: warning: skipped %s\n", int(program.size()), program.data(), skipped.c_str());
  if (!input.skipped.empty()) std::fprintf(to, "  skipped %zu unreadable input(s)\n", input.skipped.size());
}

double engine_seconds(const std::vector<PhaseTime>& phases) {
  return std::accumulate(phases.begin(), phases.end(), 0.0, [](double sum, const PhaseTime& phase) {
    return is_engine_phase(phase) ? sum + phase.seconds : sum;
  });
}

void print_phases(std::FILE* to, const std::vector<PhaseTime>& phases, double engine, std::uint64_t input_bytes) {
  for (const auto& phase : phases) std::fprintf(to, "  %-24s %9.4f s\n", phase.name.c_str(), phase.seconds);
  std::fprintf(to, "  %-24s %9.4f s  (%.1f MiB/s)\n", "engine (map + reduce)", engine,
               engine > 0 ? double(input_bytes) / mebibyte / engine : 0.0);
}

void print_baseline(std::FILE* to, std::string_view name, double seconds, double engine) {
  std::fprintf(to, "  %-24.*s %9.4f s  (engine speed-up %.2fx)\n", int(name.size()), name.data(), seconds,
               engine > 0 ? seconds / engine : 0.0);
}

void print_peak_memory(std::FILE* to) {
  rusage usage{};
  if (::getrusage(RUSAGE_SELF, &usage) != 0) return;
  // Linux reports ru_maxrss in KiB.
  std::fprintf(to, "  %-24s %9.1f MiB (process 0)\n", "peak memory", double(usage.ru_maxrss) / 1024.0);
}

int report_verification(std::FILE* to, std::string_view program, const std::vector<Verification>& checks) {
  int status = 0;
  for (const auto& [subject, difference] : checks) {
    if (difference.empty()) {
      std::fprintf(to, "verify: OK, %s gives the sequential baseline's result\n", subject.c_str());
      continue;
    }
    std::fflush(to);
    std::fprintf(stderr, "%.*s: verify FAILED, %s differs from the sequential baseline: %s\n", int(program.size()),
                 program.data(), subject.c_str(), difference.c_str());
    status = 1;
  }
  return status;
}

}  // namespace pgasmr::apps
