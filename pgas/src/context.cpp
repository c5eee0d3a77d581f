#include <pgasmr/pgas/context.hpp>

#include "job.hpp"

namespace pgasmr::pgas {

Context::Context(detail::Job& job, thread_id thread, Team world) : job_(&job), thread_(thread), world_(std::move(world)) {}

int Context::threads() const noexcept { return job_->threads(); }
int Context::process() const noexcept { return job_->process(); }
int Context::processes() const noexcept { return job_->processes(); }
int Context::local_thread() const noexcept { return thread_ % job_->threads_per_process(); }
int Context::threads_per_process() const noexcept { return job_->threads_per_process(); }
const Topology& Context::topology() const noexcept { return job_->topology(); }
void Context::throw_if_cancelled() const { job_->cancellation().throw_if_cancelled(); }

}  // namespace pgasmr::pgas
