// Non-blocking collectives: every i-form against its blocking form; several requests in flight,
// completed in every order; progress while the caller only polls test() and works; one-sided
// traffic, barriers (split-phase too) and blocking collectives on the same team while a request
// is pending; and failures: a thread that fails, before or while its requests are pending,
// makes the others' waits throw instead of hanging.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/shared_array.hpp>

#include "support/spmd.hpp"

namespace {

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;

#define SKIP_UNDER_MPI()                                                                             \
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "under mpirun a failed collective ends the whole job by design"

// Runs the blocking collective `name` and its i-form on two copies of `initial`, each bound to
// `d` in the arguments, and expects the same result from both.
#define EXPECT_SAME_AS_BLOCKING(name, initial, ...) \
  do {                                              \
    auto expected = initial;                        \
    auto got = initial;                             \
    {                                               \
      auto& d = expected;                           \
      coll::name(me, __VA_ARGS__);                  \
    }                                               \
    {                                               \
      auto& d = got;                                \
      coll::i##name(me, __VA_ARGS__).wait();        \
    }                                               \
    EXPECT_EQ(got, expected) << #name;              \
  } while (false)

// A non-blocking collective goes on using its buffers after the call: views and named owners
// only, never a temporary vector or shared array.
static_assert(coll::lasting_buffer<std::vector<int>&> && coll::lasting_buffer<const std::vector<int>&>);
static_assert(coll::lasting_buffer<std::span<int>> && coll::lasting_buffer<pg::shared_span<int>>);
static_assert(coll::lasting_buffer<pg::shared_array<int>&>);
static_assert(!coll::lasting_buffer<std::vector<int>> && !coll::lasting_buffer<pg::shared_array<int>>);

/// `count` values that identify the calling thread and the position.
std::vector<int> values_of(const pg::Context& me, std::size_t count) {
  std::vector<int> values(count);
  std::iota(values.begin(), values.end(), 1000 * me.thread());
  return values;
}

TEST(Nonblocking, every_i_form_gives_what_its_blocking_form_gives) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<std::size_t>(me.threads());
    auto t = static_cast<std::size_t>(me.thread());
    constexpr std::size_t c = 3;
    const coll::Options last_root{.root = me.threads() - 1};
    auto one = values_of(me, c);          // one chunk
    auto row = values_of(me, n * c);      // one chunk per member
    std::vector<std::size_t> counts(n), pair_counts(n * n);
    for (std::size_t r = 0; r < n; ++r) counts[r] = r % 3 + 1;  // up to c
    for (std::size_t i = 0; i < n * n; ++i) pair_counts[i] = i % 2 + 1;
    auto total = std::accumulate(counts.begin(), counts.end(), std::size_t{0});
    std::vector<std::size_t> shifted(n, 2);  // where each member's copy of the broadcast goes
    std::vector<int> shift(n);
    for (std::size_t r = 0; r < n; ++r) shift[r] = static_cast<int>((r + 1) % n);

    EXPECT_SAME_AS_BLOCKING(broadcast, std::vector<int>(c), d, one, c, last_root);
    EXPECT_SAME_AS_BLOCKING(broadcast, row, coll::in_place, d, c, last_root);
    EXPECT_SAME_AS_BLOCKING(broadcast_v, std::vector<int>(c + 2), d, one, c, {.destination = shifted}, last_root);
    EXPECT_SAME_AS_BLOCKING(scatter, std::vector<int>(c), d, row, c, last_root);
    EXPECT_SAME_AS_BLOCKING(scatter, row, coll::in_place, d, c, last_root);
    EXPECT_SAME_AS_BLOCKING(scatter_v, std::vector<int>(c), d, row, counts, {}, last_root);
    EXPECT_SAME_AS_BLOCKING(gather, std::vector<int>(n * c), d, one, c, last_root);
    EXPECT_SAME_AS_BLOCKING(gather, row, coll::in_place, d, c, last_root);
    EXPECT_SAME_AS_BLOCKING(gather_v, std::vector<int>(total), d, std::span(one).first(counts[t]), counts, {}, last_root);
    EXPECT_SAME_AS_BLOCKING(allgather, std::vector<int>(n * c), d, one, c);
    EXPECT_SAME_AS_BLOCKING(allgather, row, coll::in_place, d, c);
    EXPECT_SAME_AS_BLOCKING(allgather_v, std::vector<int>(total), d, std::span(one).first(counts[t]), counts);
    EXPECT_SAME_AS_BLOCKING(exchange, std::vector<int>(n * c), d, row, c);
    EXPECT_SAME_AS_BLOCKING(exchange, row, coll::in_place, d, c);
    EXPECT_SAME_AS_BLOCKING(exchange_v, std::vector<int>(2 * n), d, row, pair_counts);
    EXPECT_SAME_AS_BLOCKING(permute, std::vector<int>(c), d, one, shift, c);
    EXPECT_SAME_AS_BLOCKING(permute, one, coll::in_place, d, shift, c);
    EXPECT_SAME_AS_BLOCKING(permute_v, std::vector<int>(c), d, one, shift, counts);
    std::vector<coll::ChunkCopy> chunks;
    for (std::size_t r = 0; r < n; ++r) chunks.push_back({int(r), 1, int((r + 1) % n), 0, 2});
    EXPECT_SAME_AS_BLOCKING(vector_copy, std::vector<int>(c), d, one, std::span<const coll::ChunkCopy>(chunks));

    std::vector<long> mine{long(t) + 1, 2, -long(t)}, one_long(1);
    std::vector<coll::Chunk> pieces{{0, 1}, {2, 1}};
    EXPECT_SAME_AS_BLOCKING(reduce, one_long, d, mine, coll::op::max{}, last_root);
    EXPECT_SAME_AS_BLOCKING(allreduce, one_long, d, mine);
    EXPECT_SAME_AS_BLOCKING(reduce_v, one_long, d, mine, pieces, coll::op::add{}, last_root);
    EXPECT_SAME_AS_BLOCKING(allreduce_v, one_long, d, mine, pieces, coll::op::min{});
    std::vector<long> blocks(n * 2, long(t) * 3);
    EXPECT_SAME_AS_BLOCKING(reduce_scatter, std::vector<long>(2), d, blocks, 2);
    EXPECT_SAME_AS_BLOCKING(prefix_reduce, std::vector<long>(3), d, mine, coll::op::add{}, coll::Scan::exclusive);
    EXPECT_SAME_AS_BLOCKING(prefix_reduce_v, std::vector<long>(2), d, mine, pieces);
    // A non-commutative operator: the order of the fold must survive the progress thread.
    auto digits = [](long x, long y) { return x * 10 + y; };
    std::vector<long> digit{long(t % 9) + 1};
    EXPECT_SAME_AS_BLOCKING(allreduce, one_long, d, digit, digits);
  });
}

TEST(Nonblocking, shared_buffers) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<std::size_t>(me.threads());
    auto t = static_cast<std::size_t>(me.thread());
    constexpr std::size_t c = 4;
    pg::shared_array<int> everyone(me, n * c, c), gathered(me, n * n * c, n * c);
    auto mine = values_of(me, c);
    std::ranges::copy(mine, everyone.local().begin());
    auto request = coll::iallgather(me, gathered, mine, c);  // put: private source, shared destination
    request.wait();
    std::vector<int> copy(n * c);
    coll::iallgather(me, copy, everyone, c).wait();  // get: shared source, private destination
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t i = 0; i < c; ++i) {
        EXPECT_EQ(gathered.local()[r * c + i], int(1000 * r + i));
        EXPECT_EQ(copy[r * c + i], int(1000 * r + i));
      }
    pg::shared_array<long> input(me, 10 * n, 10), prefix(me, 10 * n, 10);
    for (std::size_t i = 0; i < 10; ++i) input.local()[i] = long(t * 10 + i);
    coll::iprefix_reduce(me, prefix, input).wait();  // standard: shared on both sides
    for (std::size_t i = 0; i < 10; ++i) {
      auto g = static_cast<long>(t * 10 + i);
      EXPECT_EQ(prefix.local()[i], g * (g + 1) / 2);
    }
  });
}

TEST(Nonblocking, requests_complete_in_every_order) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<std::size_t>(me.threads());
    auto t = static_cast<std::size_t>(me.thread());
    constexpr std::size_t k = 20'000;  // beyond the eager path's slots
    std::array<std::size_t, 3> order{0, 1, 2};
    for (int round = 0; round < 6; ++round) {
      std::vector<long> source(k), copy(k, -1);
      if (t == 0) std::iota(source.begin(), source.end(), long(round));
      std::vector<std::size_t> counts(n);
      for (std::size_t r = 0; r < n; ++r) counts[r] = r + 1;
      std::vector<int> mine(t + 1, int(t) + round), all(n * (n + 1) / 2, -1);
      std::vector<long> one{long(t) + round}, sum(1, -1);

      std::array<coll::Request, 3> requests{coll::ibroadcast(me, copy, source, k),
                                            coll::iallgather_v(me, all, mine, counts),
                                            coll::iallreduce(me, sum, one)};
      // Each thread its own order: the round's permutation, shifted by the thread, so that every
      // order of the three occurs.
      std::ranges::sort(order);
      for (std::size_t p = 0; p < (std::size_t(round) + t) % 6; ++p) std::ranges::next_permutation(order);
      for (auto i : order) requests[i].wait();

      for (std::size_t i = 0; i < k; i += 997) EXPECT_EQ(copy[i], long(i) + round);
      std::size_t at = 0;
      for (std::size_t r = 0; r < n; ++r)
        for (std::size_t i = 0; i <= r; ++i) EXPECT_EQ(all[at++], int(r) + round);
      EXPECT_EQ(sum[0], long(n * (n - 1) / 2) + long(n) * round);
    }
  });
}

TEST(Nonblocking, many_pending_requests_waited_in_reverse) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<std::size_t>(me.threads());
    constexpr std::size_t requests = 12;
    std::vector<std::vector<long>> inputs, outputs;
    for (std::size_t i = 0; i < requests; ++i) {
      inputs.push_back({long(me.thread()) * long(i + 1)});
      outputs.push_back({-1});
    }
    std::vector<coll::Request> pending;
    for (std::size_t i = 0; i < requests; ++i) pending.push_back(coll::iallreduce(me, outputs[i], inputs[i]));
    for (std::size_t i = requests; i-- > 0;) pending[i].wait();
    for (std::size_t i = 0; i < requests; ++i) EXPECT_EQ(outputs[i][0], long(n * (n - 1) / 2) * long(i + 1));
  });
}

TEST(Nonblocking, progress_while_the_caller_only_polls_and_works) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<long>(me.threads());
    std::vector<long> mine{me.thread() + 1L}, total(1, -1);
    std::vector<double> work(4096, 1.0);
    auto request = coll::iallreduce(me, total, mine);
    // Local work between polls (a map round, say); the collective completes without wait().
    while (!request.test())
      for (auto& x : work) x = x * 1.000001 + 1e-9;
    EXPECT_EQ(total[0], n * (n + 1) / 2);
    EXPECT_TRUE(request.test());
    request.wait();
    EXPECT_TRUE(request.test());  // empty now
  });
}

TEST(Nonblocking, one_sided_traffic_barriers_and_blocking_collectives_while_pending) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<std::size_t>(me.threads());
    auto t = static_cast<std::size_t>(me.thread());
    constexpr std::size_t k = 50'000;
    std::vector<int> chunk(k, int(t)), all(n * k, -1);
    auto pending = coll::iallgather(me, all, chunk, k);

    pg::shared_array<long> cells(me, n, 1);
    auto right = (t + 1) % n;
    for (long round = 1; round <= 20; ++round) {
      cells.put(right, round * 100 + long(t));  // one-sided, to the right neighbour
      me.notify();                              // split-phase barrier of the same team
      me.wait();
      EXPECT_EQ(cells.get(t), round * 100 + long((t + n - 1) % n));
      me.barrier();  // everyone has read before the next round writes
    }
    std::vector<long> source{42L + long(t)}, copy(1);
    coll::broadcast(me, copy, source, 1, {.root = me.threads() - 1});  // blocking, same team
    EXPECT_EQ(copy[0], 42L + long(n) - 1);

    pending.wait();
    for (std::size_t r = 0; r < n; ++r) EXPECT_EQ(all[r * k + k / 2], int(r));
  });
}

TEST(Nonblocking, started_inside_a_split_phase_barrier) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<long>(me.threads());
    std::vector<long> mine{1}, total(1, -1);
    me.notify();
    auto request = coll::iallreduce(me, total, mine);  // starting waits for nobody
    me.wait();
    request.wait();
    EXPECT_EQ(total[0], n);
  });
}

TEST(Nonblocking, teams_and_the_world_at_once) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto n = me.threads();
    auto half = me.world().split(me.thread() % 2, me.thread());
    std::vector<long> mine{me.thread()}, in_half(1), in_world(1);
    auto of_half = coll::iallreduce(me, in_half, mine, coll::op::add{}, {.team = &half});
    auto of_world = coll::iallreduce(me, in_world, mine);
    of_world.wait();
    of_half.wait();
    long expected = 0;
    for (int r = me.thread() % 2; r < n; r += 2) expected += r;
    EXPECT_EQ(in_half[0], expected);
    EXPECT_EQ(in_world[0], long(n) * (n - 1) / 2);
  });
}

TEST(Nonblocking, requests_move_and_wait_once) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    coll::Request empty;
    EXPECT_TRUE(empty.test());
    empty.wait();
    std::vector<long> mine{1}, first(1), second(1);
    auto request = coll::iallreduce(me, first, mine);
    coll::Request moved = std::move(request);
    EXPECT_TRUE(request.test());  // a moved-from request is empty
    moved = coll::iallreduce(me, second, mine);  // completes the first one
    EXPECT_EQ(first[0], me.threads());
    moved.wait();
    EXPECT_EQ(second[0], me.threads());
  });
}

// Failures. Under mpirun a failure ends the whole job by design, so these run in one process.

TEST(NonblockingFailures, a_thread_that_fails_makes_every_wait_throw) {
  SKIP_UNDER_MPI();
  for (std::size_t threads : {2, 4, 8}) {
    SCOPED_TRACE("threads: " + std::to_string(threads));
    std::atomic<int> started{0}, waits_thrown{0};
    try {
      pgasmr::test::run_spmd(threads, [&](pg::Context& me) {
        if (me.thread() == me.threads() - 1) {
          // Fail once the others are inside the body (earlier, they would be cancelled in the
          // runtime's own barrier before it) and have started the collective, which this
          // thread never starts.
          while (started.load() < me.threads() - 1) std::this_thread::yield();
          throw std::runtime_error("failed on purpose");
        }
        std::vector<long> mine{1}, total(1);
        auto request = coll::iallreduce(me, total, mine);
        ++started;
        try {
          request.wait();
        } catch (const pgasmr::error& e) {
          EXPECT_EQ(e.thread(), me.thread()) << e.what();  // "job cancelled", from the progress thread
          ++waits_thrown;
          throw;
        }
      });
      ADD_FAILURE() << "the job succeeded";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "failed on purpose");
    }
    EXPECT_EQ(waits_thrown.load(), static_cast<int>(threads) - 1);
  }
}

TEST(NonblockingFailures, a_thread_that_leaves_with_requests_pending_cancels_them) {
  SKIP_UNDER_MPI();
  for (std::size_t threads : {2, 4, 8}) {
    SCOPED_TRACE("threads: " + std::to_string(threads));
    try {
      pgasmr::test::run_spmd(threads, [](pg::Context& me) {
        std::vector<long> mine{1}, total(1);
        if (me.thread() == 0) {
          // Pending until the others start it, which they do only after a barrier that thread 0
          // never reaches: unless leaving cancels the request, thread 0 waits for them forever.
          auto request = coll::iallreduce(me, total, mine);
          throw std::runtime_error("failed on purpose");
        }
        me.barrier();
        coll::iallreduce(me, total, mine).wait();
      });
      ADD_FAILURE() << "the job succeeded";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "failed on purpose");  // not the "job cancelled" that came first
    }
  }
}

TEST(NonblockingFailures, a_refused_collective_throws_from_wait) {
  SKIP_UNDER_MPI();
  for (std::size_t threads : {1, 3, 4}) {
    SCOPED_TRACE("threads: " + std::to_string(threads));
    std::atomic<int> started{0}, waits_thrown{0};
    try {
      pgasmr::test::run_spmd(threads, [&](pg::Context& me) {
        std::vector<int> src(2), dst(2);
        auto request = coll::ibroadcast(me, dst, src, 2, {.root = me.threads()});
        ++started;
        try {
          request.wait();
        } catch (const pgasmr::error&) {
          ++waits_thrown;
          throw;
        }
      });
      ADD_FAILURE() << "the job succeeded";
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(e.operation(), "broadcast") << e.what();
      EXPECT_NE(std::string(e.what()).find("is out of range"), std::string::npos) << e.what();
      // Thrown on a progress thread, but named after the thread that started the collective.
      EXPECT_GE(e.thread(), 0) << e.what();
      EXPECT_LT(e.thread(), static_cast<int>(threads)) << e.what();
    }
    // Threads that the first refusal cancelled in the runtime's barrier before the body never
    // start; every request that did start throws.
    EXPECT_GE(started.load(), 1);
    EXPECT_EQ(waits_thrown.load(), started.load());
  }
}

}  // namespace
