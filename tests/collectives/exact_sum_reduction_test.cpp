// coll::op::exact_sum through the reductions, at every thread count (and 2 processes x 2
// threads under mpirun): reduce, allreduce, reduce_v, reduce_scatter and prefix_reduce on
// doubles, from private spans split unevenly between the members and from a shared array, and
// allreduce of ExactSum accumulators that each thread filled itself. The terms are
// ill-conditioned (plain addition gets them wrong); every result must be the bits of the
// reference sum (support/fsum.hpp), whatever the thread count.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/shared_array.hpp>

#include "collectives/vector_model.hpp"
#include "support/fsum.hpp"
#include "support/spmd.hpp"

namespace {

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;
using pgasmr::test::bits_of;
using pgasmr::test::for_each_thread_count;
using pgasmr::test::fsum;
using pgasmr::test::vmodel::global_index;

constexpr std::uint64_t seed = 2024;
constexpr double untouched = -12345.0;  // in destinations a call must leave alone

/// Member t's share of n terms among `members`: uneven (quadratic split points), the first
/// members' shares small or empty.
std::span<const double> share_of(std::span<const double> terms, int t, int members) {
  auto point = [&](int m) {
    auto mm = static_cast<std::size_t>(m);
    return terms.size() * mm * mm / (static_cast<std::size_t>(members) * static_cast<std::size_t>(members));
  };
  return terms.subspan(point(t), point(t + 1) - point(t));
}

TEST(ExactSumReduction, ReduceAndAllreduceOfPrivateSpans) {
  auto terms = pgasmr::test::ill_conditioned_terms(3000, seed);
  auto exact = fsum(terms);
  double naive = 0.0;
  for (double x : terms) naive += x;
  ASSERT_NE(bits_of(naive), bits_of(exact)) << "the terms must be ones that plain addition gets wrong";
  for_each_thread_count([&](pg::Context& me) {
    auto mine = share_of(terms, me.thread(), me.threads());
    std::vector<double> out{untouched, untouched};
    coll::allreduce(me, out, mine, coll::op::exact_sum{});
    EXPECT_EQ(bits_of(out[0]), bits_of(exact));
    EXPECT_EQ(out[1], untouched);

    auto root = me.threads() - 1;
    out.assign(1, untouched);
    coll::reduce(me, out, mine, coll::op::exact_sum{}, {.root = root});
    EXPECT_EQ(bits_of(out[0]), bits_of(me.thread() == root ? exact : untouched));
  });
}

TEST(ExactSumReduction, AllreduceOfAccumulators) {
  auto terms = pgasmr::test::ill_conditioned_terms(3000, seed + 1);
  auto exact = fsum(terms);
  for_each_thread_count([&](pg::Context& me) {
    coll::ExactSum local, total;
    for (double x : share_of(terms, me.thread(), me.threads())) local.add(x);
    coll::allreduce(me, std::span(&total, 1), std::span(&local, 1), coll::op::exact_sum{});
    EXPECT_EQ(bits_of(total.value()), bits_of(exact));
  });
}

TEST(ExactSumReduction, SharedArrayInput) {
  constexpr std::size_t n = 2000, block = 7;
  auto terms = pgasmr::test::ill_conditioned_terms(n, seed + 2);
  auto exact = fsum(terms);
  // reduce_v folds the chunks in chunk order: overlapping and out of order here.
  const coll::Chunk chunks[] = {{900, 600}, {13, 400}, {1000, 1000}};
  std::vector<double> chunked;
  for (auto [offset, count] : chunks) chunked.insert(chunked.end(), terms.begin() + offset, terms.begin() + offset + count);
  auto exact_chunked = fsum(chunked);
  for_each_thread_count([&](pg::Context& me) {
    pg::shared_array<double> input(me, n, block);
    auto local = input.local();
    for (std::size_t l = 0; l < local.size(); ++l) local[l] = terms[global_index(block, me.threads(), me.thread(), l)];
    me.barrier();
    std::vector<double> out{untouched};
    coll::allreduce(me, out, input, coll::op::exact_sum{});
    EXPECT_EQ(bits_of(out[0]), bits_of(exact));
    out[0] = untouched;
    coll::reduce_v(me, out, input, std::span(chunks), coll::op::exact_sum{}, {.root = 0});
    EXPECT_EQ(bits_of(out[0]), bits_of(me.thread() == 0 ? exact_chunked : untouched));
  });
}

TEST(ExactSumReduction, ReduceScatterElementwise) {
  constexpr std::size_t count = 5;
  for_each_thread_count([&](pg::Context& me) {
    auto members = static_cast<std::size_t>(me.threads());
    // Element i of block r from member q: consecutive q take consecutive terms, so the
    // cancelling pairs of ill_conditioned_term meet only across members.
    auto term = [&](std::size_t q, std::size_t r, std::size_t i) {
      return pgasmr::test::ill_conditioned_term((r * count + i) * members + q, seed + 3);
    };
    auto mine = static_cast<std::size_t>(me.thread());
    std::vector<double> blocks(members * count);
    for (std::size_t r = 0; r < members; ++r)
      for (std::size_t i = 0; i < count; ++i) blocks[r * count + i] = term(mine, r, i);
    std::vector<double> out(count, untouched);
    coll::reduce_scatter(me, out, blocks, count, coll::op::exact_sum{});
    for (std::size_t i = 0; i < count; ++i) {
      std::vector<double> column;
      for (std::size_t q = 0; q < members; ++q) column.push_back(term(q, mine, i));
      EXPECT_EQ(bits_of(out[i]), bits_of(fsum(column))) << "element " << i;
    }
  });
}

TEST(ExactSumReduction, PrefixReduceInclusiveAndExclusive) {
  auto terms = pgasmr::test::ill_conditioned_terms(400, seed + 4);
  std::vector<double> inclusive, exclusive{0.0};
  for (std::size_t j = 1; j <= terms.size(); ++j) inclusive.push_back(fsum(std::span(terms).first(j)));
  exclusive.insert(exclusive.end(), inclusive.begin(), inclusive.end() - 1);
  for_each_thread_count([&](pg::Context& me) {
    auto mine = share_of(terms, me.thread(), me.threads());
    auto first = static_cast<std::size_t>(mine.data() - terms.data());
    std::vector<double> out(mine.size() + 1, untouched);
    coll::prefix_reduce(me, std::span(out), mine, coll::op::exact_sum{});
    for (std::size_t j = 0; j < mine.size(); ++j) EXPECT_EQ(bits_of(out[j]), bits_of(inclusive[first + j])) << first + j;
    EXPECT_EQ(out.back(), untouched);
    coll::prefix_reduce(me, std::span(out), mine, coll::op::exact_sum{}, coll::Scan::exclusive);
    for (std::size_t j = 0; j < mine.size(); ++j) EXPECT_EQ(bits_of(out[j]), bits_of(exclusive[first + j])) << first + j;
  });
}

}  // namespace
