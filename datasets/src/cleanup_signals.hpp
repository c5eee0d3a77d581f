#pragma once
// The signals after which remove_temporary_outputs_on_signals() cleans up, and a scope that
// holds them back while a temporary output exists without its record yet.

#include <signal.h>

namespace pgasmr::datasets::detail {

inline constexpr int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};

/// Blocks the cleanup signals for the calling thread while it lives: one that arrives meanwhile
/// is handled when it ends, once the record is in place.
class CleanupSignalsBlocked {
 public:
  CleanupSignalsBlocked() noexcept;
  ~CleanupSignalsBlocked();
  CleanupSignalsBlocked(const CleanupSignalsBlocked&) = delete;
  CleanupSignalsBlocked& operator=(const CleanupSignalsBlocked&) = delete;

 private:
  sigset_t previous_;
};

}  // namespace pgasmr::datasets::detail
