#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas/forall.hpp>
#include <pgasmr/pgas/shared_array.hpp>

#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;

TEST(Smoke, broadcast_priv_and_shared) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    std::size_t n = 100'000;  // above the binomial tree's 64 KiB pipelining segment
    std::vector<int> src(n), dst(n, -1);
    if (me.thread() == 0) std::iota(src.begin(), src.end(), 7);
    coll::broadcast(me, dst, src, n);
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(dst[i], int(i) + 7);
    pg::shared_array<int> sdst(me, n * me.threads(), n);
    coll::broadcast(me, sdst, src, n);
    for (auto x : sdst.local()) (void)x;
    auto local = sdst.local();
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(local[i], int(i) + 7);
  });
}

TEST(Smoke, rooted_traffic_uneven_between_processes) {
  // 6 KiB per member: under mpirun -np 3 with 2 threads per process and shared segments off,
  // the root's process moves 24 KiB and each other 12 KiB, on either side of the bound from which
  // MPI moves streams in place. Every process must still make the same MPI call (it hung when
  // each decided from its own traffic).
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto T = static_cast<std::size_t>(me.threads());
    std::size_t n = 6 << 10;
    std::vector<unsigned char> mine(n), all(n * T, 0);
    for (std::size_t i = 0; i < n; ++i) mine[i] = static_cast<unsigned char>(me.thread() * 31 + int(i));
    coll::gather(me, all, mine, n);
    if (me.thread() == 0) {
      for (std::size_t r = 0; r < T; ++r)
        for (std::size_t i = 0; i < n; i += 997) ASSERT_EQ(all[r * n + i], static_cast<unsigned char>(r * 31 + i));
    }
    for (std::size_t r = 0; r < T; ++r)
      for (std::size_t i = 0; i < n; ++i) all[r * n + i] = static_cast<unsigned char>(r * 7 + i);
    std::vector<unsigned char> got(n, 0);
    coll::scatter(me, got, all, n);
    for (std::size_t i = 0; i < n; i += 997) ASSERT_EQ(got[i], static_cast<unsigned char>(me.thread() * 7 + int(i)));
  });
}

TEST(Smoke, calls_alike_in_shape_but_not_in_copies) {
  // A member reuses the routing of its last plan when the next plan has the same copies: calls
  // with as many copies but other roots, sizes or offsets must not take each other's routing.
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto T = static_cast<std::size_t>(me.threads());
    for (std::size_t round = 0; round < 4 * T; ++round) {
      auto root = static_cast<int>(round % T);
      std::size_t n = round % 2 == 0 ? 1 : 1500;  // 8 bytes, and above the eager path's slots
      std::size_t skip = round / T % 2;           // the same copies one element further on
      std::vector<long> src(n + 1), dst(n + 1, -1);
      for (std::size_t i = 0; i < n + 1; ++i) src[i] = me.thread() * 1000 + long(round * 10 + i);
      coll::broadcast(me, std::span(dst).subspan(skip, n), std::span(src).subspan(skip, n), n,
                      {.root = root});
      for (std::size_t i = 0; i < n; ++i)
        ASSERT_EQ(dst[skip + i], root * 1000 + long(round * 10 + skip + i)) << "round " << round;
      std::vector<long> all(T, -1);
      long mine = me.thread() * 7 + long(round);
      coll::gather(me, all, std::span(&mine, 1), 1, {.root = root});
      if (me.thread() == root) {
        for (std::size_t r = 0; r < T; ++r) ASSERT_EQ(all[r], long(r) * 7 + long(round)) << "round " << round;
      }
    }
  });
}

TEST(Smoke, allgather_exchange) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto T = static_cast<std::size_t>(me.threads());
    std::size_t c = 3;
    std::vector<long> src(c * T), dst(c * T, -1);
    for (std::size_t i = 0; i < c; ++i) src[i] = me.thread() * 100 + long(i);
    coll::allgather(me, dst, std::span(src).first(c), c);
    for (std::size_t r = 0; r < T; ++r)
      for (std::size_t i = 0; i < c; ++i) EXPECT_EQ(dst[r * c + i], long(r) * 100 + long(i));
    for (std::size_t q = 0; q < T; ++q)
      for (std::size_t i = 0; i < c; ++i) src[q * c + i] = me.thread() * 1000 + long(q) * 10 + long(i);
    coll::exchange(me, dst, src, c);
    for (std::size_t r = 0; r < T; ++r)
      for (std::size_t i = 0; i < c; ++i) EXPECT_EQ(dst[r * c + i], long(r) * 1000 + me.thread() * 10 + long(i));
    coll::exchange(me, coll::in_place, src, c);
    EXPECT_EQ(src, dst);
  });
}

TEST(Smoke, allgather_v_priv_uneven) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto T = static_cast<std::size_t>(me.threads());
    std::vector<std::size_t> counts(T);
    for (std::size_t r = 0; r < T; ++r) counts[r] = r * 2;  // member 0 sends nothing
    std::vector<int> src(counts[static_cast<std::size_t>(me.thread())], me.thread());
    std::size_t total = T * (T - 1);
    std::vector<int> dst(total, -1);
    coll::allgather_v(me, dst, src, counts);
    std::size_t at = 0;
    for (std::size_t r = 0; r < T; ++r)
      for (std::size_t i = 0; i < counts[r]; ++i) EXPECT_EQ(dst[at++], int(r));
    std::vector<std::size_t> xcounts(T * T, 1);
    std::vector<int> xsrc(T), xdst(T);
    for (std::size_t q = 0; q < T; ++q) xsrc[q] = me.thread() * 10 + int(q);
    coll::exchange_v(me, xdst, xsrc, xcounts);
    for (std::size_t r = 0; r < T; ++r) EXPECT_EQ(xdst[r], int(r) * 10 + me.thread());
  });
}

TEST(Smoke, reductions) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    auto T = static_cast<std::size_t>(me.threads());
    std::vector<long> mine(static_cast<std::size_t>(me.thread()) + 1, me.thread() + 1);  // thread t: t+1 copies of t+1
    long sum = 0;
    for (std::size_t t = 1; t <= T; ++t) sum += long(t * t);
    std::vector<long> out(1, -1);
    coll::allreduce(me, out, mine);
    EXPECT_EQ(out[0], sum);
    coll::reduce(me, out, mine, coll::op::max{}, {.root = 0});
    if (me.thread() == 0) {
      EXPECT_EQ(out[0], long(T));
    }
    pg::shared_array<long> a(me, 100, 7);
    pgasmr::pgas::forall(me, a, [](std::size_t i, long& x) { x = long(i); });
    pg::shared_array<long> p(me, 100, 3);
    coll::prefix_reduce(me, p, a);
    for (std::size_t i = 0; i < 100; i += 13) EXPECT_EQ(p.get(i), long(i * (i + 1) / 2));
    // non-commutative: string-like concatenation of digits in order
    auto concat = [](long x, long y) { return x * 10 + y; };
    pg::shared_array<long> digits(me, 5, 1);
    pgasmr::pgas::forall(me, digits, [](std::size_t i, long& x) { x = long(i) + 1; });
    std::vector<long> r(1);
    coll::allreduce(me, r, digits, concat);
    EXPECT_EQ(r[0], 12345);
    std::vector<int> blocks(T * 2), mineblock(2);
    for (std::size_t i = 0; i < blocks.size(); ++i) blocks[i] = int(i) + me.thread();
    coll::reduce_scatter(me, mineblock, blocks, 2);
    int base = int(T * (T - 1) / 2);
    EXPECT_EQ(mineblock[0], int(T) * (me.thread() * 2) + base);
  });
}

TEST(Smoke, chunked_reductions) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    pg::shared_array<int> a(me, 16, 4);
    pgasmr::pgas::forall(me, a, [](std::size_t i, int& x) { x = int(i); });
    std::vector<coll::Chunk> chunks{{3, 1}, {6, 2}, {9, 1}, {12, 1}};  // the chunks of the thesis's List. 3.5
    std::vector<int> out(1);
    coll::allreduce_v(me, out, a, chunks);
    EXPECT_EQ(out[0], 3 + 6 + 7 + 9 + 12);
    std::vector<long> mine{1, 2, 3};  // every member: chunks {0,1},{2,1} -> 1, 3
    std::vector<coll::Chunk> own{{0, 1}, {2, 1}};
    std::vector<long> prefix(2);
    coll::prefix_reduce_v(me, prefix, mine, own);
    long before = 4L * me.thread();
    EXPECT_EQ(prefix[0], before + 1);
    EXPECT_EQ(prefix[1], before + 4);
  });
}
