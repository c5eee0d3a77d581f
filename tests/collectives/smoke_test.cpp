#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas/shared_array.hpp>

#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;

TEST(Smoke, broadcast_priv_and_shared) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    std::size_t n = 1000;
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
