// The exact_sum combiner end to end: map functions emit doubles into coll::ExactSum values of a
// HashContainer and an ArrayContainer, reduced with every distribution x reduce mode at every
// thread count (and 2 processes x 2 threads under mpirun). The terms are ill-conditioned (plain
// addition gets every key wrong); each key's rounded sum must be the bits of the reference sum
// (support/fsum.hpp) in every configuration.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <ranges>
#include <vector>

#include <pgasmr/mapreduce.hpp>

#include "engine_support.hpp"
#include "support/fsum.hpp"
#include "support/spmd.hpp"

namespace mr = pgasmr::mr;
namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;
using pgasmr::test::bits_of;
using pgasmr::test::check_result;

namespace {

constexpr std::uint32_t keys = 7;

/// Term k goes to key (k / 2) % 7, so that the cancelling pairs of ill_conditioned_term meet
/// under one key, wherever the distribution maps them.
struct TermsJob {
  std::vector<double> terms = pgasmr::test::ill_conditioned_terms(2000, 77);
  pgasmr::test::DistributionInputs distributions{std::vector<std::uint64_t>(terms.size(), 1)};

  static std::uint32_t key(std::size_t k) { return static_cast<std::uint32_t>(k / 2 % keys); }

  /// Each key's reference sum, as bits; the dense form also has key 7, which no term reaches.
  std::map<std::uint32_t, std::uint64_t> sums() const {
    std::map<std::uint32_t, std::vector<double>> per_key;
    for (std::size_t k = 0; k < terms.size(); ++k) per_key[key(k)].push_back(terms[k]);
    std::map<std::uint32_t, std::uint64_t> model;
    for (const auto& [k, values] : per_key) {
      double naive = 0.0;
      for (double x : values) naive += x;
      EXPECT_NE(bits_of(naive), bits_of(pgasmr::test::fsum(values))) << "key " << k << ": plain addition must fail";
      model[k] = bits_of(pgasmr::test::fsum(values));
    }
    return model;
  }
  std::map<std::size_t, std::uint64_t> dense_sums() const {
    auto sparse = sums();
    std::map<std::size_t, std::uint64_t> model(sparse.begin(), sparse.end());
    model[keys] = bits_of(0.0);
    return model;
  }
};

auto rounded_bits = [](const coll::ExactSum& sum) { return bits_of(sum.value()); };

TEST(ExactSumCombiner, EveryDistributionModeAndContainer) {
  TermsJob job;
  auto sums = job.sums();
  auto dense = job.dense_sums();
  auto indices = std::views::iota(std::size_t{0}, job.terms.size());
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    auto emit_term = [&](std::size_t k, auto& out) { out.emit(TermsJob::key(k), job.terms[k]); };  // a double
    for (const auto& [name, distribution] : job.distributions.all()) {
      SCOPED_TRACE("distribution " + name);
      for (auto mode : pgasmr::test::all_modes(me.threads())) {
        mr::HashContainer<std::uint32_t, coll::ExactSum, mr::exact_sum> hashed;
        mr::apply_map(me, indices, emit_term, hashed, distribution);
        check_result(me, mode, mr::apply_reduce(me, hashed, mode), sums, mr::exact_sum{},
                     [&](std::uint32_t k) { return hashed.key_owner(k, me.threads()); }, rounded_bits);

        mr::ArrayContainer<coll::ExactSum, mr::exact_sum> table(keys + 1);
        mr::apply_map(me, indices, emit_term, table, distribution);
        check_result(me, mode, mr::apply_reduce(me, table, mode), dense, mr::exact_sum{},
                     [&](std::size_t k) { return table.key_owner(k, me.threads()); }, rounded_bits);
      }
    }
  });
}

TEST(ExactSumCombiner, EmitsAccumulatorsToo) {
  // A map that sums its element's terms itself and emits the ExactSum: merged like the rest.
  TermsJob job;
  auto sums = job.sums();
  std::vector<std::size_t> firsts;  // element: ten consecutive terms
  for (std::size_t k = 0; k < job.terms.size(); k += 10) firsts.push_back(k);
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    mr::HashContainer<std::uint32_t, coll::ExactSum, mr::exact_sum> hashed;
    mr::apply_map(me, firsts, [&](std::size_t first, auto& out) {
      for (std::size_t k = first; k < first + 10; k += 2) {
        coll::ExactSum pair;
        pair.add(job.terms[k]);
        pair.add(job.terms[k + 1]);
        out.emit(TermsJob::key(k), pair);
      }
    }, hashed, mr::cyclic());
    auto result = mr::apply_reduce(me, hashed, mr::all);
    EXPECT_EQ(pgasmr::test::as_model(result, rounded_bits), sums);
  });
}

}  // namespace
