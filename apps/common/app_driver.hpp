#pragma once
/// @file
/// The one program skeleton every app shares: parse the command line, start the runtime; in the
/// job, load the input (once per process) and run the engine on every PGAS thread; then on
/// process 0 time the baselines, verify, write the output and print the report. Errors end the
/// program with a message and status 1 (2 for a bad command line), leaving no output file.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/datasets/mapped_file.hpp>
#include <pgasmr/datasets/output_file.hpp>
#include <pgasmr/datasets/temporary_outputs.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/runtime.hpp>

#include "common/balance.hpp"
#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "common/progress_line.hpp"
#include "common/report.hpp"
#include "common/stopwatch.hpp"

namespace pgasmr::apps {

/// What an app plugs into the skeleton. `Input` is loaded once per process before the job.
template <class Input, class Result>
struct AppDefinition {
  std::string_view name;
  std::string_view synopsis;  ///< for --help: what the app computes, its input and its output
  CommandLine command_line = {};  ///< the operands and the app's own flags
  /// Optional: checks the app flags' values before anything is read; throws usage_error.
  std::function<void(const AppOptions&)> check_options = {};
  /// Reads and validates the input (and prepares it for `total_threads` PGAS threads). Called by
  /// one thread of each process; throws datasets::input_error (or usage_error) for bad input.
  std::function<Input(const AppOptions& options, std::size_t total_threads)> load;
  std::function<InputSummary(const Input&)> describe;
  /// A sampled_fingerprint of the loaded input's content (common/input_fingerprint.hpp), which
  /// the processes of a job compare; the files of file flags (--keys, ...) are added to it here.
  std::function<std::uint64_t(const Input&)> fingerprint;
  /// The engine version, called on every thread; returns the whole result on thread 0 and
  /// nothing elsewhere. Laps `timer` at the end of each of its phases.
  std::function<std::optional<Result>(pgas::Context&, const Input&, const AppOptions&, JobTimer&)> run_engine;
  std::function<Result(const Input&, const AppOptions&)> sequential;
  /// Timed from its call, unless it restarts `clock`: as Phoenix++ starts its library's clock
  /// only once its whole input is in memory, a baseline that first stages its input the same
  /// way (word count's, into writable texts) restarts the clock after it.
  std::function<Result(const Input&, const AppOptions&, std::size_t threads, Stopwatch& clock)> phoenix_like;
  std::function<Result(const Input&, const AppOptions&, std::size_t threads)> tbb;
  std::function<std::string(const Result&)> format;  ///< the --output file's text
  /// The report's view of the result: its size and its first `top` lines.
  std::function<std::string(const Result&, std::size_t top)> summary;
  /// What differs (empty when equal), for --verify.
  std::function<std::string(const Result& expected, const Result& actual)> difference;
  /// Optional: the weight of each map element, as the engine's distribution weighs them, for
  /// --show-balance (an app without it refuses that flag).
  std::function<std::vector<std::uint64_t>(const Input&)> element_weights = {};
};

/// Turns an exception from `body` into a message on stderr and an exit status.
int exit_status_of(std::string_view program, const std::function<int()>& body);

/// Throws when the report could not be written (a full disk, a closed standard output): a run
/// whose report is lost does not end with status 0.
void require_report_written(std::FILE* report);

/// Writes `text` to `file` and renames it into place.
void commit_output(datasets::AtomicOutputFile& file, std::string_view text);

/// A usage_error when standard input is among the inputs of a job of several processes (only
/// one of them could read it).
void refuse_shared_standard_input(const AppOptions& options, int processes);

/// A usage_error when mpirun started several processes but each runs a job of its own (the local
/// transport): each would compute the whole result alone and write the same output.
void refuse_separate_jobs_under_mpirun(int processes);

/// Makes an --output that names the file, pipe or terminal standard output already writes to
/// (/dev/stdout, /dev/fd/1, the file of a shell's > or >>, mpirun's forwarded terminal)
/// `--output -`: the result goes through standard output as it is open (appending after >>,
/// into a pipe), and the report to standard error. Replacing that file by a rename would leave
/// the shell's descriptor writing to the old one. Another device (/dev/null) stays as it is: it
/// is written directly anyway.
void resolve_standard_output(AppOptions& options);

/// A usage_error when --output names a file that is also an input (an operand or a file flag's
/// value), whose content the result would replace, or lies inside an input directory (or is a
/// file its walk reaches through a link): the result would replace one of the files read there
/// or join them (the partial file too, on file systems without unnamed temporary files).
void refuse_output_among_inputs(const AppOptions& options);

/// Collective. Each process loads its own copy of the input, and the map gives each element to
/// one thread of the whole job: processes whose inputs differ in size, in the weights of their
/// elements or in their content's fingerprint (a file that changed between their reads, hosts
/// that see different files) would map the elements of different inputs, a wrong result; and
/// processes given another --distribution, --reduce-mode or app flag value (mpirun's `A : B`
/// form) would map other elements or make other calls. Throws datasets::input_error (inputs)
/// or usage_error (options) on every thread then; compares nothing in a job of one process. A
/// process given --help calls it too (with no input), so that one given --help while the others
/// run a job fails the job instead of leaving them waiting for it.
void require_same_job(pgas::Context& me, const AppOptions& options, const InputSummary& input,
                      std::uint64_t fingerprint, std::span<const std::uint64_t> element_weights);

/// `input_fingerprint` combined with a sampled_fingerprint of each file that a file flag names.
std::uint64_t fingerprint_with_files(std::uint64_t input_fingerprint, const AppOptions& options);

/// A baseline timed on process 0 after the job.
template <class Result>
struct BaselineRun {
  std::string name;
  Result result;
  double seconds;
};

/// --help: prints `help` and returns 0; under mpirun, where the other processes wait for this
/// one in the job, it meets them there (require_same_job fails a job some run without --help).
int print_help(const AppOptions& options, const std::string& help);

/// Times the baselines that `options` asks for, one after the other on this thread.
template <class Input, class Result>
std::vector<BaselineRun<Result>> time_baselines(const AppDefinition<Input, Result>& app, const Input& input,
                                                const AppOptions& options, std::size_t threads,
                                                ProgressLine& progress) {
  std::vector<BaselineRun<Result>> baselines;
  auto time_baseline = [&](std::string name, auto&& run) {
    Stopwatch clock;
    auto baseline_result = run(clock);
    progress.finished(name);
    baselines.push_back({std::move(name), std::move(baseline_result), clock.seconds()});
  };
  if (options.runs_sequential())
    time_baseline("sequential baseline", [&](Stopwatch&) { return app.sequential(input, options); });
  if (options.runs_phoenix())
    time_baseline("phoenix-like baseline",
                  [&](Stopwatch& clock) { return app.phoenix_like(input, options, threads, clock); });
  if (options.runs_tbb()) time_baseline("oneTBB baseline", [&](Stopwatch&) { return app.tbb(input, options, threads); });
  return baselines;
}

/// --verify: the engine's result and every other baseline's against the sequential baseline's,
/// which runs first under --verify.
template <class Input, class Result>
std::vector<Verification> verify_against_sequential(const AppDefinition<Input, Result>& app, const Result& engine,
                                                    const std::vector<BaselineRun<Result>>& baselines) {
  const Result& expected = baselines.front().result;
  std::vector<Verification> checks{{"the engine", app.difference(expected, engine)}};
  for (std::size_t i = 1; i < baselines.size(); ++i)
    checks.push_back({"the " + baselines[i].name.substr(0, baselines[i].name.find(" baseline")) + " baseline",
                      app.difference(expected, baselines[i].result)});
  return checks;
}

template <class Input, class Result>
int run_app(const AppDefinition<Input, Result>& app, int argc, char** argv) {
  return exit_status_of(app.name, [&] {
    // Ctrl-C, kill or a closed terminal then leave no `OUTPUT.tmp-*` beside the output.
    datasets::remove_temporary_outputs_on_signals();
    auto options = parse_options(std::vector<std::string>(argv + 1, argv + argc), app.command_line);
    if (options.help)
      return print_help(options,
                        help_text(app.name, app.synopsis, app.command_line, static_cast<bool>(app.element_weights)));
    if (options.show_balance && !app.element_weights)
      throw usage_error("--show-balance: " + std::string(app.name) + " does not weigh its map elements");
    if (app.check_options) app.check_options(options);
    resolve_standard_output(options);
    refuse_output_among_inputs(options);
    pgas::Runtime runtime(options.runtime);
    refuse_separate_jobs_under_mpirun(runtime.processes());
    refuse_shared_standard_input(options, runtime.processes());
    const bool reporter = runtime.process() == 0;
    const auto threads_per_process = static_cast<std::size_t>(runtime.threads() / runtime.processes());
    std::FILE* report = options.output == std::filesystem::path("-") ? stderr : stdout;

    // Everything that may fail on one process only (its input, process 0's output file) happens
    // inside the job: a failure there cancels every thread of every process, where a failure
    // outside would leave the other processes waiting in the job for ever.
    std::optional<ProgressLine> progress;  // on a terminal, for long jobs
    if (reporter) progress.emplace(app.name, true);
    std::optional<Input> input;  // one per process, shared by its threads
    std::uint64_t fingerprint = 0;  // of the process's input, in a job of several processes
    std::optional<datasets::AtomicOutputFile> output;  // renamed into place at the end
    std::optional<Result> result;
    std::vector<PhaseTime> phases;
    runtime.run([&](pgas::Context& me) {
      JobTimer timer(me, me.thread() == 0 && progress ? &*progress : nullptr);
      if (me.local_thread() == 0) {
        if (me.thread() == 0 && options.output) output.emplace(*options.output);
        input.emplace(app.load(options, static_cast<std::size_t>(me.threads())));
        if (me.processes() > 1) fingerprint = fingerprint_with_files(app.fingerprint(*input), options);
      }
      timer.lap("load");  // its barrier publishes the input to the process's other threads
      require_same_job(me, options, app.describe(*input), fingerprint,
                       app.element_weights ? app.element_weights(*input) : std::vector<std::uint64_t>{});
      if (me.thread() == 0)
        print_run(report, app.name, options, app.describe(*input), me.processes(), me.threads_per_process());
      auto mine = app.run_engine(me, *input, options, timer);
      // Its threads are done reading (the engine ends in a collective reduce): a mapped input
      // truncated meanwhile was read partly as zeros, one written in place partly new.
      if (me.local_thread() == 0) datasets::throw_if_some_input_changed();
      if (me.thread() == 0) {
        result = std::move(mine);
        phases = timer.phases();
      }
    });
    if (!reporter) return 0;

    const auto baselines = time_baselines(app, *input, options, threads_per_process, *progress);
    datasets::throw_if_some_input_changed();  // as after the engine: the baselines' reads
    const auto checks = options.verify ? verify_against_sequential(app, *result, baselines) : std::vector<Verification>{};
    const bool verified = std::ranges::all_of(checks, [](const auto& check) { return check.difference.empty(); });
    if (output && verified) {
      Stopwatch clock;
      commit_output(*output, app.format(*result));
      phases.push_back({"output", clock.seconds()});
    }

    progress.reset();  // erases the line before the report
    const double engine = engine_seconds(phases);
    print_phases(report, phases, engine, app.describe(*input).bytes);
    if (options.show_balance)
      print_balance(report, options.engine.distribution, app.element_weights(*input), runtime.threads());
    for (const auto& baseline : baselines) print_baseline(report, baseline.name, baseline.seconds, engine);
    print_peak_memory(report);
    const int status = report_verification(report, app.name, checks);
    std::fputs(app.summary(*result, options.top).c_str(), report);
    require_report_written(report);
    return status;
  });
}

}  // namespace pgasmr::apps
