#include "common/app_driver.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <iterator>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <string>

#include <pgasmr/collectives/allgather.hpp>
#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/input_files.hpp>
#include <pgasmr/mapreduce/hash.hpp>
#include <pgasmr/pgas/config.hpp>

#include "common/input_fingerprint.hpp"

namespace pgasmr::apps {

int exit_status_of(std::string_view program, const std::function<int()>& body) {
  try {
    return body();
  } catch (const usage_error& e) {
    std::fprintf(stderr, "%.*s: %s (see --help)\n", int(program.size()), program.data(), e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%.*s: %s\n", int(program.size()), program.data(), e.what());
    return 1;
  }
}

void require_report_written(std::FILE* report) {
  if (std::fflush(report) != 0 || std::ferror(report))
    throw std::runtime_error(std::string("cannot write the report to standard ") +
                             (report == stderr ? "error" : "output") + ": " + std::strerror(errno));
}

void commit_output(datasets::AtomicOutputFile& file, std::string_view text) {
  file.write(text);
  file.commit();
}

void refuse_shared_standard_input(const AppOptions& options, int processes) {
  if (processes > 1 && std::ranges::find(options.inputs, datasets::standard_input_operand) != options.inputs.end())
    throw usage_error("standard input ('-') cannot be an input of a job of several processes");
}

void refuse_separate_jobs_under_mpirun(int processes) {
  if (int started = pgas::processes_started_by_launcher(); started > processes)
    throw usage_error("mpirun started " + std::to_string(started) +
                      " processes, but each runs a job of its own (--transport local or PGASMR_TRANSPORT=local) and "
                      "would compute the whole result alone: leave the transport to auto (or mpi) under mpirun");
}

namespace {

/// Whether `path` (which need not exist yet) is `folder` or lies somewhere beneath it, links
/// followed on both sides.
bool lies_inside(const std::filesystem::path& path, const std::filesystem::path& folder) {
  std::error_code error;
  const auto where = std::filesystem::weakly_canonical(std::filesystem::absolute(path, error), error);
  if (error) return false;
  const auto root = std::filesystem::canonical(folder, error);
  if (error) return false;
  return std::mismatch(root.begin(), root.end(), where.begin(), where.end()).first == root.end();
}

/// Whether `path` names a file that the walk of `folder` lists, or, when it does not exist yet,
/// would land in a directory whose files the walk lists: reached through a symbolic link below
/// `folder`, which lies_inside does not see.
bool listed_in(const std::filesystem::path& path, const std::filesystem::path& folder) {
  struct stat target {};  // the file it replaces, or the directory a new one lands in
  const bool exists = ::stat(path.c_str(), &target) == 0;
  if (exists && !S_ISREG(target.st_mode)) return false;  // a device is written directly
  const auto parent = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  if (!exists && ::stat(parent.c_str(), &target) != 0) return false;  // writing it fails later, clearly
  auto is_target = [&](std::uint64_t device, std::uint64_t inode) {
    return device == static_cast<std::uint64_t>(target.st_dev) && inode == static_cast<std::uint64_t>(target.st_ino);
  };
  const std::filesystem::path operands[] = {folder};
  const auto listed = datasets::collect_input_files(operands, {.skip_unreadable = true, .watch_writes = false});
  if (exists)
    return std::ranges::any_of(listed.files, [&](const datasets::InputFile& file) {
      return is_target(file.identity.device, file.identity.inode);
    });
  std::set<std::filesystem::path> directories;  // every directory the walk went through below `folder`
  for (const auto& file : listed.files)  // each path is `folder` followed by the rest
    for (auto directory = file.path.parent_path();
         directory.native().size() > folder.native().size() && directories.insert(directory).second;)
      directory = directory.parent_path();
  return std::ranges::any_of(directories, [&](const std::filesystem::path& directory) {
    struct stat status {};
    return ::stat(directory.c_str(), &status) == 0 && is_target(status.st_dev, status.st_ino);
  });
}

}  // namespace

void resolve_standard_output(AppOptions& options) {
  if (!options.output || *options.output == "-") return;
  struct stat output {}, standard_output {};
  if (::stat(options.output->c_str(), &output) != 0 || ::fstat(STDOUT_FILENO, &standard_output) != 0 ||
      output.st_dev != standard_output.st_dev || output.st_ino != standard_output.st_ino)
    return;
  // A device such as /dev/null is written directly, whoever else writes to it. But a terminal
  // that is standard output is where the report goes too: under mpirun each process's standard
  // output is a pseudo-terminal that mpirun forwards to its own (a file, a pipe).
  const bool device = S_ISCHR(output.st_mode) || S_ISBLK(output.st_mode);
  if (!device || ::isatty(STDOUT_FILENO)) options.output = "-";
}

void refuse_output_among_inputs(const AppOptions& options) {
  if (!options.output || *options.output == "-") return;
  std::vector<std::filesystem::path> inputs = options.inputs;
  std::ranges::copy(options.flag_files(), std::back_inserter(inputs));
  for (const auto& input : inputs) {
    std::error_code error;  // an input that cannot be compared is refused later, when it is read
    if (std::filesystem::equivalent(*options.output, input, error))
      throw usage_error("--output " + datasets::in_quotes(*options.output) +
                        " is also an input: the result would replace it");
    if (!std::filesystem::is_directory(input, error)) continue;
    if (lies_inside(*options.output, input) || listed_in(*options.output, input))
      throw usage_error("--output " + datasets::in_quotes(*options.output) + " lies inside the input directory " +
                        datasets::in_quotes(input) +
                        ": the result would replace one of the files the job reads, or join them");
  }
}

int print_help(const AppOptions& options, const std::string& help) {
  if (pgas::processes_started_by_launcher() <= 1) {
    std::fputs(help.c_str(), stdout);
    return 0;
  }
  pgas::Runtime runtime(options.runtime);
  if (runtime.process() == 0) std::fputs(help.c_str(), stdout);
  runtime.run([&options](pgas::Context& me) {
    JobTimer timer(me);  // the job's steps up to the comparison of the inputs, as run_app's
    timer.lap("load");
    require_same_job(me, options, {}, 0, {});
  });
  return 0;
}

std::uint64_t fingerprint_with_files(std::uint64_t input_fingerprint, const AppOptions& options) {
  std::uint64_t fingerprint = input_fingerprint;
  for (const auto& file : options.flag_files()) fingerprint = combined(fingerprint, sampled_fingerprint(file));
  return fingerprint;
}

namespace {

/// What every process of a job must agree on, gathered from each.
struct JobShape {
  std::uint64_t help = 0;  ///< 1: given --help
  std::uint64_t distribution = 0, reduce = 0;  ///< --distribution and --reduce-mode
  std::uint64_t app_flags = 0;  ///< a hash of the app flags' values (not file flags: their contents count below)
  /// What process 0 alone does: given to another process only, they would be dropped unsaid.
  std::uint64_t output = 0;  ///< 1: given --output
  /// A hash of its path: every process checks the path against its own inputs, and the file
  /// process 0 writes could be another process's input.
  std::uint64_t output_path = 0;
  std::uint64_t verify = 0, baselines = 0;  ///< 1: given --verify; --baseline
  std::uint64_t bytes = 0, files = 0;
  std::uint64_t weights = 0;  ///< a hash of the map elements' weights: how the input is cut
  std::uint64_t content = 0;  ///< the input's fingerprint
  friend bool operator==(const JobShape&, const JobShape&) = default;
};

/// The app flags whose values the processes compare: all but the file flags (a file may have
/// another path on another host; its contents count in the input's fingerprint).
std::vector<std::string_view> compared_app_flags(const AppOptions& options) {
  std::vector<std::string_view> names;
  for (const auto& flag : options.app_flags)
    if (!flag.names_file) names.push_back(flag.name);
  return names;
}

std::uint64_t hash_of_app_flags(const AppOptions& options) {
  std::string values;  // name=value, each ended by a NUL, defaults included
  for (auto name : compared_app_flags(options))
    values.append(name).append("=").append(options.value(name).value_or("")).push_back('\0');
  return mr::hash_bytes(values.data(), values.size());
}

std::uint64_t path_hash(const std::filesystem::path& path) {
  const auto& text = path.native();
  return mr::hash_bytes(text.data(), text.size());
}

[[noreturn]] void refuse_other_option(int process, std::string_view flag, std::string_view theirs,
                                      std::string_view first) {
  throw usage_error("process " + std::to_string(process) + " was given " + std::string(flag) + " " +
                    std::string(theirs) + " and process 0 " + std::string(flag) + " " + std::string(first) +
                    ": every process needs the same command line");
}

}  // namespace

void require_same_job(pgas::Context& me, const AppOptions& options, const InputSummary& input,
                      std::uint64_t fingerprint, std::span<const std::uint64_t> element_weights) {
  if (me.processes() == 1) return;
  // Processes that were all given --help compare nothing else: they run no job.
  const JobShape mine = options.help ? JobShape{.help = 1}
                                     : JobShape{.distribution = static_cast<std::uint64_t>(options.engine.distribution),
                                                .reduce = static_cast<std::uint64_t>(options.engine.reduce),
                                                .app_flags = hash_of_app_flags(options),
                                                .output = options.output.has_value(),
                                                .output_path = options.output ? path_hash(*options.output) : 0,
                                                .verify = options.verify,
                                                .baselines = static_cast<std::uint64_t>(options.baselines),
                                                .bytes = input.bytes,
                                                .files = input.files,
                                                .weights = mr::hash_bytes(element_weights.data(),
                                                                          element_weights.size_bytes()),
                                                .content = fingerprint};
  std::vector<JobShape> every_thread(static_cast<std::size_t>(me.threads()));
  coll::allgather(me, every_thread, std::span(&mine, 1), 1);
  auto of_process = [&](int process) -> const JobShape& {
    return every_thread[static_cast<std::size_t>(process * me.threads_per_process())];
  };
  auto describe = [&](int process) {
    const auto& shape = of_process(process);
    return "process " + std::to_string(process) + " has " + std::to_string(shape.bytes) + " bytes in " +
           std::to_string(shape.files) + (shape.files == 1 ? " file" : " files");
  };
  const auto& first = of_process(0);
  for (int process = 1; process < me.processes(); ++process) {
    const auto& theirs = of_process(process);
    if (theirs == first) continue;
    if (theirs.help != first.help)
      throw usage_error("process " + std::to_string(first.help ? 0 : process) + " was given --help, process " +
                        std::to_string(first.help ? process : 0) + " a job: every process needs the same command line");
    if (theirs.distribution != first.distribution)
      refuse_other_option(process, "--distribution",
                          mr::to_string(static_cast<mr::DistributionKind>(theirs.distribution)),
                          mr::to_string(static_cast<mr::DistributionKind>(first.distribution)));
    if (theirs.reduce != first.reduce)
      refuse_other_option(process, "--reduce-mode", to_string(static_cast<ReduceChoice>(theirs.reduce)),
                          to_string(static_cast<ReduceChoice>(first.reduce)));
    if (theirs.app_flags != first.app_flags) {
      std::string names;
      for (auto name : compared_app_flags(options)) names.append(names.empty() ? "" : ", ").append(name);
      throw usage_error("process " + std::to_string(process) + " was given other values of " + names +
                        " than process 0: every process needs the same command line");
    }
    auto refuse_given = [&](std::string_view flag, bool theirs_given) {
      throw usage_error("process " + std::to_string(theirs_given ? process : 0) + " was given " + std::string(flag) +
                        " and process " + std::to_string(theirs_given ? 0 : process) +
                        " not: every process needs the same command line");
    };
    if (theirs.output != first.output) refuse_given("--output", theirs.output != 0);
    if (theirs.output_path != first.output_path)
      throw usage_error("process " + std::to_string(process) +
                        " was given another --output than process 0: every process needs the same command line");
    if (theirs.verify != first.verify) refuse_given("--verify", theirs.verify != 0);
    if (theirs.baselines != first.baselines)
      refuse_other_option(process, "--baseline", to_string(static_cast<BaselineChoice>(theirs.baselines)),
                          to_string(static_cast<BaselineChoice>(first.baselines)));
    std::string why = "the processes loaded different inputs (" + describe(0) + ", " + describe(process);
    if (theirs.bytes == first.bytes && theirs.files == first.files)
      why += theirs.weights == first.weights ? ", of other contents" : ", cut into pieces of other sizes";
    throw datasets::input_error(why + "): every process must see the same files, unchanged while the job reads them");
  }
}

}  // namespace pgasmr::apps
