#pragma once
/// @file
/// Context: what one PGAS thread knows about itself and the job (UPC's MYTHREAD, THREADS, ...).

#include <pgasmr/pgas/team.hpp>
#include <pgasmr/pgas/types.hpp>

namespace pgasmr::pgas {

class Topology;
namespace detail {
class Job;
}

/// The handle that Runtime::run passes to the SPMD body on every PGAS thread. It belongs to that
/// thread: do not share it with other threads. Threads are numbered contiguously per process:
/// thread() == process() * threads_per_process() + local_thread().
class Context {
 public:
  Context(detail::Job& job, thread_id thread, Team world);
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  thread_id thread() const noexcept { return thread_; }  ///< MYTHREAD
  int threads() const noexcept;                          ///< THREADS
  int process() const noexcept;
  int processes() const noexcept;
  int local_thread() const noexcept;  ///< index of this thread inside its process
  int threads_per_process() const noexcept;
  /// The process that runs thread `thread`.
  int process_of(thread_id thread) const noexcept { return thread / threads_per_process(); }

  /// Waits until every thread has called barrier() (upc_barrier).
  void barrier() { world_.barrier(); }
  /// Split-phase barrier (upc_notify / upc_wait): wait() returns once every thread notified.
  void notify() { world_.notify(); }
  void wait() { world_.wait(); }

  /// Throws the "job cancelled" pgasmr::error that a barrier throws once another thread's failure
  /// has cancelled the job (its exception left the body, or a collective failed): long work in
  /// the body that makes no pgasmr call can check it to end early (the engine's maps do).
  void throw_if_cancelled() const;

  /// The team of all threads; split it to make sub-teams.
  Team& world() noexcept { return world_; }
  const Topology& topology() const noexcept;

  /// For pgasmr's own layers (collectives, mapreduce): the per-process job state.
  detail::Job& job() const noexcept { return *job_; }

 private:
  detail::Job* job_;
  thread_id thread_;
  Team world_;
};

}  // namespace pgasmr::pgas
