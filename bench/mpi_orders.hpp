#pragma once
// The MPI benchmark programs' plumbing: MPI calls checked, and rank 0's orders to the other ranks.
// Rank 0 runs the benchmarks; before each timed loop it broadcasts an order (which measurement,
// how many iterations; an order of 0 iterations: stop). The other ranks wait for orders polling
// with short sleeps, so that they do not steal a core from rank 0's own baselines (memcpy).

#include <mpi.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <thread>

namespace pgasmr::bench {

class MpiOrders {
 public:
  explicit MpiOrders(const char* program) : program_(program) {}

  /// Ends the job (MPI_Abort) with "program: call failed (code)" unless `code` is MPI_SUCCESS.
  void check(int code, const char* call) const {
    if (code == MPI_SUCCESS) return;
    std::fprintf(stderr, "%s: %s failed (%d)\n", program_, call, code);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  /// Rank 0: sends `order` to every other rank.
  template <std::size_t N>
  void publish(std::array<std::uint64_t, N> order) const {
    MPI_Request request;
    check(MPI_Ibcast(order.data(), N, MPI_UINT64_T, 0, MPI_COMM_WORLD, &request), "MPI_Ibcast");
    check(MPI_Wait(&request, MPI_STATUS_IGNORE), "MPI_Wait");
  }

  /// The other ranks: the next order of rank 0.
  template <std::size_t N>
  std::array<std::uint64_t, N> next() const {
    std::array<std::uint64_t, N> order{};
    MPI_Request request;
    check(MPI_Ibcast(order.data(), N, MPI_UINT64_T, 0, MPI_COMM_WORLD, &request), "MPI_Ibcast");
    for (int done = 0; !done;) {
      check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), "MPI_Test");
      if (!done) std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    return order;
  }

 private:
  const char* program_;
};

}  // namespace pgasmr::bench
