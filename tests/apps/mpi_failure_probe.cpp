// Run under mpirun by expect_job_failure.sh: a small word count (apply_map, an allreduce,
// apply_reduce) whose result process 0 writes with an AtomicOutputFile, as the apps' --output
// does. Process VICTIM fails at a named point, so that the test knows where the job stands:
//   map         SIGKILL while its threads map
//   collective  SIGKILL just before the allreduce the other processes are entering
//   reduce      SIGKILL inside the reduce (in the combiner, folding other threads' pairs)
//   throw       one of its threads throws in the map
//   wait        every thread of every process waits in the map (the test sends SIGINT)
//   none        no failure: the job completes and writes its output
// Every process writes MARKERS/pid-<process> first; the failing thread touches MARKERS/failing
// just before it fails (for `wait`: once every process is inside the map).
//   mpi_failure_probe --fail-at POINT --victim P --output FILE --markers DIR [runtime flags]

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/datasets/output_file.hpp>
#include <pgasmr/mapreduce.hpp>
#include <pgasmr/pgas.hpp>

namespace {

namespace pg = pgasmr::pgas;
namespace mr = pgasmr::mr;
namespace coll = pgasmr::coll;

struct ProbeOptions {
  std::string fail_at;
  int victim = -1;
  std::filesystem::path output;
  std::filesystem::path markers;
};

ProbeOptions parse(const std::vector<std::string>& args) {
  ProbeOptions options;
  for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
    if (args[i] == "--fail-at") options.fail_at = args[i + 1];
    else if (args[i] == "--victim") options.victim = std::stoi(args[i + 1]);
    else if (args[i] == "--output") options.output = args[i + 1];
    else if (args[i] == "--markers") options.markers = args[i + 1];
    else throw std::invalid_argument("mpi_failure_probe: unknown argument " + args[i]);
  }
  if (options.fail_at.empty() || options.output.empty() || options.markers.empty())
    throw std::invalid_argument("usage: mpi_failure_probe --fail-at POINT --victim P --output FILE --markers DIR");
  return options;
}

void touch(const std::filesystem::path& path, const std::string& content = {}) { std::ofstream(path) << content; }

ProbeOptions options;
bool victim = false;                 // this process fails
thread_local bool reducing = false;  // set once this thread's map is done: the combiner then reduces

[[noreturn]] void fail_here() {
  touch(options.markers / "failing");
  std::raise(SIGKILL);
  std::abort();
}

/// mr::sum that kills the victim's process the first time it folds pairs in the reduce.
struct sum_or_die {
  template <class V>
  V operator()(const V& a, const V& b) const {
    if (victim && reducing && options.fail_at == "reduce") fail_here();
    return a + b;
  }
};

}  // namespace

int main(int argc, char** argv) {
  try {
    pg::Runtime runtime(argc, argv);
    options = parse(runtime.remaining_arguments());
    victim = runtime.process() == options.victim;
    touch(options.markers / ("pid-" + std::to_string(runtime.process())), std::to_string(::getpid()));

    std::optional<pgasmr::datasets::AtomicOutputFile> output;
    if (runtime.process() == 0) output.emplace(options.output);
    std::vector<std::string> lines;
    for (int i = 0; i < 4000; ++i) lines.push_back("the cat and the hat " + std::to_string(i % 7) + " word" + std::to_string(i % 50));
    std::atomic<bool> ready_marked = false;
    std::string result;

    runtime.run([&](pg::Context& me) {
      reducing = false;
      if (options.fail_at == "wait") {
        me.barrier();  // every process is in the job
        if (me.thread() == 0) touch(options.markers / "failing");
        for (;;) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
      mr::HashContainer<std::string, std::uint64_t, sum_or_die> counts;
      std::atomic<std::size_t> mapped = 0;
      mr::apply_map(me, lines, [&](const std::string& line, auto& out) {
        if (victim && ++mapped == 100) {
          if (options.fail_at == "map") fail_here();
          if (options.fail_at == "throw" && !ready_marked.exchange(true)) {
            touch(options.markers / "failing");
            throw pgasmr::error("probe", me.thread(), "thread " + std::to_string(me.thread()) + " failed on purpose");
          }
        }
        for (std::size_t start = 0, end = 0; start < line.size(); start = end + 1) {
          end = std::min(line.find(' ', start), line.size());
          out.emit(line.substr(start, end - start), std::uint64_t{1});
        }
      }, counts, mr::cyclic());
      reducing = true;
      if (victim && options.fail_at == "collective" && me.local_thread() == 0) fail_here();
      std::vector<std::uint64_t> mine{counts.size()}, total(1);
      coll::allreduce(me, std::span(total), std::span<const std::uint64_t>(mine), coll::op::add{});
      auto reduced = mr::apply_reduce(me, counts, mr::all);  // every thread folds every pair
      if (me.thread() == 0)
        for (const auto& [word, count] : reduced) result += word + '\t' + std::to_string(count) + '\n';
    });
    if (output) {
      output->write(result);
      output->commit();
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mpi_failure_probe: %s\n", e.what());
    return 1;
  }
}
