#include "common/phoenix_like_tasks.hpp"

#include <algorithm>
#include <stdexcept>

namespace pgasmr::apps {

PhoenixTaskQueue PhoenixTaskQueue::for_map(std::size_t elements, std::size_t workers) {
  constexpr std::size_t tasks_per_worker = 16;
  return {elements, std::min(elements, workers) * tasks_per_worker, workers};
}

PhoenixTaskQueue PhoenixTaskQueue::for_reduce(std::size_t workers) { return {workers, workers, workers}; }

PhoenixTaskQueue::PhoenixTaskQueue(std::size_t elements, std::size_t tasks, std::size_t workers)
    : elements_(elements),
      task_size_(tasks == 0 ? 1 : std::max<std::size_t>(1, (elements + tasks - 1) / tasks)),
      queues_(workers) {
  if (workers == 0) throw std::invalid_argument("PhoenixTaskQueue: at least one worker is needed");
  // Task i goes to sub-queue i * workers / tasks: each sub-queue holds a run of task numbers.
  const std::size_t nonempty_tasks = (elements + task_size_ - 1) / task_size_;
  for (std::size_t i = 0; i < std::min(tasks, nonempty_tasks); ++i) {
    auto& queue = queues_[i * workers / tasks];
    if (queue.front == queue.back) queue.front = i;
    queue.back = i + 1;
  }
}

std::optional<PhoenixTask> PhoenixTaskQueue::take(std::size_t worker) {
  const std::size_t workers = queues_.size();
  for (std::size_t i = 0; i < workers; ++i) {
    const std::size_t at = (worker + i) % workers;
    auto& queue = queues_[at];
    std::lock_guard lock(queue.lock);
    if (queue.front == queue.back) continue;
    return task(at == worker ? queue.front++ : --queue.back);
  }
  return std::nullopt;
}

PhoenixTask PhoenixTaskQueue::task(std::size_t number) const noexcept {
  const std::size_t first = number * task_size_;
  return {first, std::min(elements_, first + task_size_)};
}

}  // namespace pgasmr::apps
