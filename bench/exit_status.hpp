#pragma once
// How the pgasmr benchmark programs end on an exception, with the apps' exit statuses.

#include <cstdio>
#include <exception>

#include <pgasmr/pgas/error.hpp>

namespace pgasmr::bench {

/// Prints `e` as "program: ..." and returns the exit status: 2 for a runtime flag or variable
/// that pgas::Config refuses (a bad command line, as in the apps), 1 for a failed run.
inline int exit_status_of(const char* program, const std::exception& e) {
  if (const auto* refused = dynamic_cast<const pgasmr::error*>(&e); refused && refused->operation() == "config") {
    std::fprintf(stderr, "%s: %s (see --help)\n", program, refused->cause().c_str());
    return 2;
  }
  std::fprintf(stderr, "%s: %s\n", program, e.what());
  return 1;
}

}  // namespace pgasmr::bench
