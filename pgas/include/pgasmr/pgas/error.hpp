#pragma once
/// @file
/// The one exception type that pgasmr throws for runtime failures and bad arguments.

#include <stdexcept>
#include <string>
#include <string_view>

namespace pgasmr {

/// A failure in pgasmr, naming the operation, the PGAS thread that saw it and the cause.
/// `what()` reads "operation (thread N): cause"; thread is -1 outside a running job.
class error : public std::runtime_error {
 public:
  error(std::string operation, int thread, std::string cause);

  const std::string& operation() const noexcept { return operation_; }
  int thread() const noexcept { return thread_; }
  const std::string& cause() const noexcept { return cause_; }

 private:
  std::string operation_;
  int thread_;
  std::string cause_;
};

/// Throws pgasmr::error for `operation`, filling in the calling PGAS thread (or -1).
[[noreturn]] void throw_error(std::string_view operation, std::string cause);

}  // namespace pgasmr
