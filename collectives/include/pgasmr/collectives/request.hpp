#pragma once
/// @file
/// Request: a non-blocking collective in flight (MPI_Request; UPC Collectives 2.0's
/// upccoll_handle_t), as the i-forms (ibroadcast, iallreduce, ...) return it.

#include <memory>

namespace pgasmr::coll {

namespace detail {
struct Operation;
}

/// A collective that runs on the calling thread's progress thread while the caller goes on.
/// Move-only. Until it is complete the collective owns its buffers: the caller must neither
/// read nor write them (its argument lists, such as counts, are copied at the start).
class [[nodiscard]] Request {
 public:
  /// No collective: complete.
  Request() = default;
  Request(Request&& other) noexcept;
  /// Waits for the collective held before, as the destructor does.
  Request& operator=(Request&& other) noexcept;
  /// Waits for the collective (its error, if any, has already failed the job). When the thread
  /// leaves by an exception while the collective is pending, the destructor first cancels the
  /// job, so that the collective ends on every member and nobody waits for this thread.
  ~Request();

  /// True once the collective is complete, or has failed (then wait() throws); never blocks.
  bool test() const noexcept;
  /// Blocks until the collective is complete and leaves the request empty; rethrows the
  /// collective's error (pgasmr::error "job cancelled" when another thread failed the job).
  void wait();

  /// For the i-forms (detail::start).
  explicit Request(std::shared_ptr<detail::Operation> operation) noexcept;

 private:
  void finish() noexcept;

  std::shared_ptr<detail::Operation> operation_;
  int exceptions_at_start_ = 0;  // std::uncaught_exceptions() when the collective started
};

}  // namespace pgasmr::coll
