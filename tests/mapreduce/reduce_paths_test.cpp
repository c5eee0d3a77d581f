// apply_reduce's two paths give one answer: the threads of one process fold each other's
// containers in place, processes (and the one-by-one transfer) send encoded pairs. Both must
// fold every key's values in thread order, which sums of doubles show (they are not
// associative), and both must leave the containers free to change once apply_reduce returns.

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/mapreduce.hpp>

#include "engine_support.hpp"
#include "support/spmd.hpp"

namespace mr = pgasmr::mr;
namespace pg = pgasmr::pgas;
using pgasmr::test::check_result;

namespace {

using Table = mr::HashContainer<std::string_view, double>;

constexpr std::size_t key_count = 300;

/// Short keys (in a hash table's slot) and long ones (in its arena).
std::string key_name(std::size_t k) {
  return k % 4 == 0 ? "a key longer than fifteen bytes, number " + std::to_string(k) : "k" + std::to_string(k);
}

/// Whether thread t emits key k: most keys miss some threads, so that which value comes first
/// differs from key to key.
bool emits(int t, std::size_t k) { return (k + static_cast<std::size_t>(t)) % 3 != 0; }

/// Thread t's value for key k: magnitudes 2^0 to 2^59 of both signs, whose sum rounds
/// differently in every order.
double value_of(int t, std::size_t k) {
  auto exponent = static_cast<int>((static_cast<std::size_t>(t) * 23 + k * 7) % 60);
  return std::ldexp((t + static_cast<int>(k)) % 2 != 0 ? 1.0 : -1.0, exponent) + static_cast<double>(k % 5);
}

/// The sums folded in thread order, each key starting from the first value emitted for it.
std::map<std::string, double> sums_in_thread_order(int threads) {
  std::map<std::string, double> model;
  for (int t = 0; t < threads; ++t)
    for (std::size_t k = 0; k < key_count; ++k) {
      if (!emits(t, k)) continue;
      auto [it, fresh] = model.emplace(key_name(k), value_of(t, k));
      if (!fresh) it->second = it->second + value_of(t, k);
    }
  return model;
}

std::vector<std::string> key_names() {
  std::vector<std::string> names;
  for (std::size_t k = 0; k < key_count; ++k) names.push_back(key_name(k));
  return names;
}

void emit_thread_values(pg::Context& me, Table& table, const std::vector<std::string>& names) {
  for (std::size_t k = 0; k < key_count; ++k)
    if (emits(me.thread(), k)) table.emit(names[k], value_of(me.thread(), k));
}

}  // namespace

TEST(ReducePaths, EveryKeyFoldedInThreadOrderOnBothPaths) {
  const auto names = key_names();
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    auto expected = sums_in_thread_order(me.threads());
    auto plus = [](double a, double b) { return a + b; };
    auto owner = [&](std::string_view k) { return Table().key_owner(k, me.threads()); };
    for (auto transfer : {mr::Transfer::collective, mr::Transfer::one_by_one}) {
      for (auto mode : pgasmr::test::all_modes(me.threads())) {
        auto table = std::make_unique<Table>();
        emit_thread_values(me, *table, names);
        auto result = mr::apply_reduce(me, *table, mode, transfer);
        table.reset();  // the result owns its keys' bytes
        check_result(me, mode, result, expected, plus, owner);
      }
    }
  });
}

TEST(ReducePaths, ContainersMayChangeAsSoonAsTheReduceReturns) {
  const auto names = key_names();
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    auto expected = sums_in_thread_order(me.threads());
    Table table;
    for (int round = 0; round < 3; ++round) {
      emit_thread_values(me, table, names);
      auto result = mr::apply_reduce(me, table, mr::all);
      // Other threads may still be reading their own results; this thread's table is its own
      // again (ThreadSanitizer sees a race here if any thread still reads it).
      table.clear();
      table.emit("written right after the reduce", 1.0);
      table.clear();
      EXPECT_EQ(pgasmr::test::as_model(result), expected) << "round " << round;
    }
  });
}
