#include <signal.h>

#include <pgasmr/datasets/temporary_outputs.hpp>

#include "cleanup_signals.hpp"

namespace pgasmr::datasets {
namespace {

void remove_and_die(int signal_number) {
  remove_temporary_outputs();
  // SA_RESETHAND put the default action back, and the signal stays blocked while this handler
  // runs: raised again, it ends the process as soon as the handler returns.
  ::raise(signal_number);
}

}  // namespace

void remove_temporary_outputs_on_signals() {
  for (int signal_number : detail::cleanup_signals) {
    struct sigaction current {};
    if (::sigaction(signal_number, nullptr, &current) != 0 || current.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = remove_and_die;
    sigemptyset(&action.sa_mask);
    for (int other : detail::cleanup_signals) sigaddset(&action.sa_mask, other);  // one cleanup at a time
    action.sa_flags = SA_RESETHAND;
    ::sigaction(signal_number, &action, nullptr);
  }
}

namespace detail {

CleanupSignalsBlocked::CleanupSignalsBlocked() noexcept {
  sigset_t blocked;
  sigemptyset(&blocked);
  for (int signal_number : cleanup_signals) sigaddset(&blocked, signal_number);
  ::pthread_sigmask(SIG_BLOCK, &blocked, &previous_);
}

CleanupSignalsBlocked::~CleanupSignalsBlocked() { ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

}  // namespace detail
}  // namespace pgasmr::datasets
