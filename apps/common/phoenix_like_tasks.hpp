#pragma once
/// @file
/// Phoenix++'s task queue, for the Phoenix-like baselines. A job's map cuts its elements into 16
/// tasks per worker of equal size, queued in order over one sub-queue per worker, so that worker
/// w's own tasks are the w-th run of the input; a worker takes tasks from the front of its own
/// sub-queue and, once that is empty, steals from the back of the others' (each sub-queue under
/// its own lock). The reduce queues one task per worker the same way.

#include <cstddef>
#include <mutex>
#include <optional>
#include <vector>

#include "common/workers.hpp"

namespace pgasmr::apps {

/// The elements [first, last) of one task.
struct PhoenixTask {
  std::size_t first = 0;
  std::size_t last = 0;
};

class PhoenixTaskQueue {
 public:
  /// Phoenix++'s map tasks: min(elements, workers) x 16 tasks of ceil(elements / tasks)
  /// elements (those beyond the end dropped). `workers` >= 1.
  static PhoenixTaskQueue for_map(std::size_t elements, std::size_t workers);
  /// Phoenix++'s reduce tasks: task r is partition r, for r < workers (first = r, last = r + 1).
  static PhoenixTaskQueue for_reduce(std::size_t workers);

  /// The next task for `worker` (< workers), or nullopt when every task has been taken. Any
  /// number of workers may call this at once.
  std::optional<PhoenixTask> take(std::size_t worker);

 private:
  PhoenixTaskQueue(std::size_t elements, std::size_t tasks, std::size_t workers);

  /// A run of task numbers [front, back): the own tasks are taken at the front, stolen at the back.
  struct SubQueue {
    std::mutex lock;
    std::size_t front = 0;
    std::size_t back = 0;
  };

  PhoenixTask task(std::size_t number) const noexcept;

  std::size_t elements_;
  std::size_t task_size_;
  std::vector<SubQueue> queues_;
};

/// Phoenix++'s reduce phase on `workers` threads: reduce(partition, out) for every partition
/// r < workers, `out` being the list (std::vector<T>) of the worker that took r's task. Returns
/// the workers' lists, by worker.
template <class T, class Reduce>
std::vector<std::vector<T>> run_phoenix_reduce(std::size_t workers, Reduce&& reduce) {
  std::vector<std::vector<T>> out(workers);
  auto tasks = PhoenixTaskQueue::for_reduce(workers);
  run_workers(workers, [&](std::size_t worker) {
    while (auto task = tasks.take(worker)) reduce(task->first, out[worker]);
  });
  return out;
}

}  // namespace pgasmr::apps
