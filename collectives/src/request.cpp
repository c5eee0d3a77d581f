// Non-blocking collectives: an Operation is a blocking collective that the caller's progress
// thread runs on the twin of its team, so that it never meets the caller's own barriers and
// collectives on the team; the Request waits for it.

#include <pgasmr/collectives/request.hpp>

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <utility>

#include <pgasmr/collectives/detail/nonblocking.hpp>
#include <pgasmr/pgas/detail/core.hpp>

#include "progress_thread.hpp"

namespace pgasmr::coll::detail {

struct Operation {
  Operation(pg::Context& caller, pg::Team team, const Options& given, Body collective)
      : me(caller), twin(std::move(team)), options(given), body(std::move(collective)) {
    options.team = &twin;
  }

  /// On the progress thread.
  void run() noexcept {
    // To the end: the caller's thread may leave the body (and its Context end) once this ends.
    pg::detail::HelperAtWork at_work(me);
    try {
      body(me, options);
    } catch (...) {
      error = std::current_exception();
      // The caller may not wait for a while: the other members must not wait for it meanwhile.
      pg::detail::fail_job(me, error);
    }
    // Nothing of the caller's (its argument copies, its team) may outlive the collective.
    body = nullptr;
    twin = {};
    done.store(1, std::memory_order_release);
    done.notify_all();
  }

  /// Waits until the collective is complete and takes its error, so that the progress thread,
  /// which may destroy the Operation later, never drops a reference to an exception that the
  /// caller has rethrown (and which only the caller then orders).
  std::exception_ptr await() noexcept {
    if (done.load(std::memory_order_acquire) == 0) {
      pg::detail::WaitNote waiting;  // a collective that waits for a returned thread never ends
      done.wait(0, std::memory_order_acquire);
    }
    return std::exchange(error, nullptr);
  }

  pg::Context& me;
  pg::Team twin;
  Options options;
  Body body;
  std::exception_ptr error;  // written before done
  std::atomic<std::uint32_t> done{0};
};

Request start(pg::Context& me, const Options& options, Body body) {
  auto& team = options.team ? *options.team : me.world();
  auto operation = std::make_shared<Operation>(me, team.twin(), options, std::move(body));
  pg::detail::helper_given_work(me);
  progress_thread_of(me).post([operation] { operation->run(); });
  return Request(std::move(operation));
}

}  // namespace pgasmr::coll::detail

namespace pgasmr::coll {

Request::Request(std::shared_ptr<detail::Operation> operation) noexcept
    : operation_(std::move(operation)), exceptions_at_start_(std::uncaught_exceptions()) {}

Request::Request(Request&& other) noexcept
    : operation_(std::move(other.operation_)), exceptions_at_start_(other.exceptions_at_start_) {}

Request& Request::operator=(Request&& other) noexcept {
  if (this != &other) {
    finish();
    operation_ = std::move(other.operation_);
    exceptions_at_start_ = other.exceptions_at_start_;
  }
  return *this;
}

Request::~Request() { finish(); }

void Request::finish() noexcept {
  if (!operation_) return;
  // Leaving by an exception: the members that have not started the collective yet may be
  // waiting for this thread elsewhere, while it waits here for them. The collective uses this
  // frame's buffers, so it must end before the frame does: cancel it everywhere.
  if (std::uncaught_exceptions() > exceptions_at_start_ && !test())
    pg::detail::cancel_job_while_unwinding(operation_->me, "non-blocking collective",
                                           "the thread left by an exception while the collective was pending");
  (void)operation_->await();  // its error has failed the job already
  operation_.reset();
}

bool Request::test() const noexcept {
  return !operation_ || operation_->done.load(std::memory_order_acquire) != 0;
}

void Request::wait() {
  if (!operation_) return;
  auto operation = std::move(operation_);
  if (auto error = operation->await()) std::rethrow_exception(error);
}

}  // namespace pgasmr::coll
