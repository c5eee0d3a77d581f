// The i-forms' results in buffers on the caller's stack, read by the caller after wait(). Built
// at -O1 (CMakeLists.txt): there GCC 12 took a destination span for one that does not escape
// into the collective, and the caller read a stack array's initial value after wait(). The
// buffers are read into copies before they are checked: a buffer whose address reaches gtest
// escapes anyway, which hid the fault.

#include <gtest/gtest.h>

#include <span>
#include <vector>

#include <pgasmr/collectives.hpp>

#include "support/spmd.hpp"

namespace {

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;

TEST(NonblockingStack, results_land_in_the_callers_stack_buffers) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    const long n = me.threads();
    const std::vector<long> ones(100, 1);

    long sum[1] = {0};
    coll::iallreduce(me, std::span<long>(sum), ones).wait();
    long scalar = 0;
    {
      auto request = coll::iallreduce(me, std::span<long>(&scalar, 1), ones);
      request.wait();
    }
    long at_root[1] = {0};
    coll::ireduce(me, std::span<long>(at_root), ones).wait();
    const std::vector<long> sums{sum[0], scalar, me.thread() == 0 ? at_root[0] : 100 * n};
    EXPECT_EQ(sums, std::vector<long>(3, 100 * n));

    const int mine[3] = {me.thread() + 1, me.thread() + 2, me.thread() + 3};
    int from_root[3] = {0, 0, 0};
    coll::ibroadcast(me, std::span<int>(from_root), std::span<const int>(mine), 3).wait();
    const std::vector<int> broadcast(from_root, from_root + 3);
    EXPECT_EQ(broadcast, (std::vector<int>{1, 2, 3}));

    int everyone[8] = {};  // thread_counts() go up to 8
    const int id = me.thread();
    coll::iallgather(me, std::span<int>(everyone, static_cast<std::size_t>(n)), std::span<const int>(&id, 1), 1).wait();
    const std::vector<int> gathered(everyone, everyone + n);
    for (int t = 0; t < n; ++t) EXPECT_EQ(gathered[static_cast<std::size_t>(t)], t);
  });
}

}  // namespace
