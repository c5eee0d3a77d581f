#pragma once
/// @file
/// A fork-join on plain std::threads for the Phoenix-like baselines (the Phoenix++ runtime is a
/// pool of worker threads; ThreadSanitizer understands std::thread, unlike an uninstrumented
/// oneTBB).

#include <cstddef>
#include <functional>

namespace pgasmr::apps {

/// Runs work(worker) for worker in [0, workers) on that many threads (the caller is worker 0) and
/// returns when all have finished. If any throws, rethrows the first exception after the join.
void run_workers(std::size_t workers, const std::function<void(std::size_t worker)>& work);

}  // namespace pgasmr::apps
