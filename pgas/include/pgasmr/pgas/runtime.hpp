#pragma once
/// @file
/// Runtime: starts the PGAS threads of this process (and joins other processes over MPI).

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <pgasmr/pgas/config.hpp>

namespace pgasmr::pgas {

class Context;
class Topology;
namespace detail {
class Machine;
class Transport;
}

/// Owns the transport and the shared segments. Under mpirun every process constructs a Runtime
/// with the same configuration and calls run() the same number of times (SPMD).
class Runtime {
 public:
  /// Validates `config` (throws pgasmr::error, e.g. for zero threads) and sets up the transport.
  explicit Runtime(Config config = Config::from_environment());
  /// Reads the runtime flags from argv (see Config::from_arguments); the program's own
  /// arguments remain in remaining_arguments().
  Runtime(int argc, char** argv);
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  /// Runs `body` on every PGAS thread and returns when all have finished. If any thread
  /// throws, the others are cancelled (no thread stays blocked) and the first error is rethrown;
  /// with several processes, the failing process prints it and ends the whole job non-zero.
  void run(const std::function<void(Context&)>& body);

  const Config& config() const noexcept { return config_; }
  int processes() const noexcept;
  int process() const noexcept;
  int threads() const noexcept;  ///< THREADS of the jobs this runtime runs
  /// Where every PGAS thread runs (gathered from all processes at construction).
  const Topology& topology() const noexcept { return *topology_; }
  const std::vector<std::string>& remaining_arguments() const noexcept { return remaining_; }

 private:
  Config config_;
  std::vector<std::string> remaining_;
  std::unique_ptr<detail::Machine> machine_;
  std::unique_ptr<detail::Transport> transport_;
  std::unique_ptr<Topology> topology_;
};

}  // namespace pgasmr::pgas
