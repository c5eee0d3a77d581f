#include "support/spmd.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include <pgasmr/pgas/runtime.hpp>

namespace pgasmr::test {

bool under_mpi() { return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr; }

std::vector<std::size_t> thread_counts() {
  if (under_mpi()) {
    const char* threads = std::getenv("PGASMR_THREADS");
    return {threads ? std::stoul(threads) : 2};
  }
  return {1, 2, 3, 4, 8};
}

pgas::Config config_for(std::size_t threads) {
  pgas::Config config;
  config.shared_segments = pgas::Config::from_environment().shared_segments;  // the mode under test
  config.threads_per_process = threads;
  config.segment_bytes = std::size_t{64} << 20;
  config.transport = under_mpi() ? pgas::TransportKind::mpi : pgas::TransportKind::local;
  return config;
}

void run_spmd(std::size_t threads, const std::function<void(pgas::Context&)>& body) {
  pgas::Runtime runtime(config_for(threads));
  runtime.run(body);
}

void for_each_thread_count(const std::function<void(pgas::Context&)>& body) {
  for (auto threads : thread_counts()) {
    SCOPED_TRACE("threads per process: " + std::to_string(threads));
    run_spmd(threads, body);
  }
}

}  // namespace pgasmr::test
