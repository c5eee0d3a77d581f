#include "common/workers.hpp"

#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace pgasmr::apps {

void run_workers(std::size_t workers, const std::function<void(std::size_t worker)>& work) {
  if (workers == 0) throw std::invalid_argument("run_workers: at least one worker is needed");
  std::exception_ptr first_error;
  std::mutex error_mutex;
  auto guarded = [&](std::size_t worker) {
    try {
      work(worker);
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!first_error) first_error = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> threads;
    threads.reserve(workers - 1);
    for (std::size_t worker = 1; worker < workers; ++worker) threads.emplace_back(guarded, worker);
    guarded(0);
  }  // joins
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace pgasmr::apps
