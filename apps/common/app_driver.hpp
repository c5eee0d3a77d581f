#pragma once
/// @file
/// The one program skeleton both apps share: parse the command line, start the runtime; in the
/// job, load the input (once per process) and run the engine on every PGAS thread; then on
/// process 0 time the baselines, verify, write the output and print the report. Errors end the
/// program with a message and status 1 (2 for a bad command line), leaving no output file.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/datasets/output_file.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/runtime.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "common/report.hpp"
#include "common/stopwatch.hpp"

namespace pgasmr::apps {

/// What an app plugs into the skeleton. `Input` is loaded once per process before the job.
template <class Input, class Result>
struct AppDefinition {
  std::string_view name;
  std::string_view synopsis;  ///< for --help: what the app computes and what INPUT is
  /// Maps and validates the input (and prepares it for `total_threads` PGAS threads). Called by
  /// one thread of each process.
  std::function<Input(const std::filesystem::path& path, std::size_t total_threads)> load;
  std::function<std::uint64_t(const Input&)> input_bytes;
  /// The engine version, called on every thread; returns the whole result on thread 0 and
  /// nothing elsewhere. Laps `timer` at the end of each of its phases.
  std::function<std::optional<Result>(pgas::Context&, const Input&, const AppOptions&, JobTimer&)> run_engine;
  std::function<Result(const Input&)> sequential;
  std::function<Result(const Input&, std::size_t threads)> phoenix_like;
  std::function<std::string(const Result&)> format;  ///< the --output file's text
  std::function<void(const Result&, std::size_t top)> print_top;
  /// What differs (empty when equal), for --verify.
  std::function<std::string(const Result& expected, const Result& actual)> difference;
};

/// Turns an exception from `body` into a message on stderr and an exit status.
int exit_status_of(std::string_view program, const std::function<int()>& body);

/// Writes `text` to `file` and renames it into place.
void commit_output(datasets::AtomicOutputFile& file, std::string_view text);

template <class Input, class Result>
int run_app(const AppDefinition<Input, Result>& app, int argc, char** argv) {
  return exit_status_of(app.name, [&] {
    auto options = parse_options(std::vector<std::string>(argv + 1, argv + argc));
    if (options.help) {
      std::fputs(help_text(app.name, app.synopsis).c_str(), stdout);
      return 0;
    }
    pgas::Runtime runtime(options.runtime);
    const bool reporter = runtime.process() == 0;
    const auto threads_per_process = static_cast<std::size_t>(runtime.threads() / runtime.processes());

    // Everything that may fail on one process only (its input, process 0's output file) happens
    // inside the job: a failure there cancels every thread of every process, where a failure
    // outside would leave the other processes waiting in the job for ever.
    std::optional<Input> input;  // one per process, shared by its threads
    std::optional<datasets::AtomicOutputFile> output;  // renamed into place at the end
    std::optional<Result> result;
    std::vector<PhaseTime> phases;
    runtime.run([&](pgas::Context& me) {
      JobTimer timer(me);
      if (me.local_thread() == 0) {
        if (me.thread() == 0 && options.output) output.emplace(*options.output);
        input.emplace(app.load(options.input, static_cast<std::size_t>(me.threads())));
      }
      timer.lap("load");  // its barrier publishes the input to the process's other threads
      if (me.thread() == 0)
        print_run(app.name, options, app.input_bytes(*input), me.processes(), me.threads_per_process());
      auto mine = app.run_engine(me, *input, options, timer);
      if (me.thread() == 0) {
        result = std::move(mine);
        phases = timer.phases();
      }
    });
    if (!reporter) return 0;

    std::optional<Result> sequential, phoenix;
    std::vector<PhaseTime> baselines;
    if (options.runs_sequential()) {
      Stopwatch clock;
      sequential = app.sequential(*input);
      baselines.push_back({"sequential baseline", clock.seconds()});
    }
    if (options.runs_phoenix()) {
      Stopwatch clock;
      phoenix = app.phoenix_like(*input, threads_per_process);
      baselines.push_back({"phoenix-like baseline", clock.seconds()});
    }

    std::vector<Verification> checks;
    if (options.verify) {
      checks.push_back({"the engine", app.difference(*sequential, *result)});
      if (phoenix) checks.push_back({"the phoenix-like baseline", app.difference(*sequential, *phoenix)});
    }
    const bool verified = std::ranges::all_of(checks, [](const auto& check) { return check.difference.empty(); });
    if (output && verified) {
      Stopwatch clock;
      commit_output(*output, app.format(*result));
      phases.push_back({"output", clock.seconds()});
    }

    const double engine = engine_seconds(phases);
    print_phases(phases, engine, app.input_bytes(*input));
    for (const auto& baseline : baselines) print_baseline(baseline.name, baseline.seconds, engine);
    const int status = report_verification(app.name, checks);
    app.print_top(*result, options.top);
    return status;
  });
}

}  // namespace pgasmr::apps
