#pragma once
// What the engine suites share: deterministic inputs, every distribution and reduce mode, and
// the check of a thread's Result against a sequential model computed with std::map.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <pgasmr/collectives/allgather.hpp>
#include <pgasmr/mapreduce.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::test {

namespace mr = pgasmr::mr;
namespace pg = pgasmr::pgas;

/// n pseudo-random numbers (a fixed LCG: the same in every process).
inline std::vector<std::uint32_t> random_numbers(std::size_t n, std::uint32_t seed = 7) {
  std::vector<std::uint32_t> out(n);
  for (auto& v : out) v = seed = seed * 1664525u + 1013904223u;
  return out;
}

/// Lines of space-separated words with repeats, short and long words, empty lines and runs of
/// spaces: a small corpus for variable-size keys.
inline std::vector<std::string> random_lines(std::size_t n) {
  std::vector<std::string> lines;
  auto numbers = random_numbers(n * 8, 11);
  for (std::size_t i = 0; i < n; ++i) {
    std::string line;
    auto words = numbers[i * 8] % 7;  // 0..6 words, so some lines are empty
    for (std::size_t w = 0; w < words; ++w) {
      auto r = numbers[i * 8 + 1 + w];
      if (r % 50 == 0) line += std::string(200 + r % 300, static_cast<char>('a' + r % 3));  // a long word
      else line += "w" + std::to_string(r % 97);
      line += (r % 5 == 0) ? "   " : " ";
    }
    lines.push_back(line);
  }
  return lines;
}

/// The words of a line (what the map functions of the suites emit).
template <class Fn>
void for_each_word(std::string_view line, Fn&& fn) {
  std::size_t at = 0;
  while (at < line.size()) {
    auto end = line.find(' ', at);
    if (end == std::string_view::npos) end = line.size();
    if (end > at) fn(line.substr(at, end - at));
    at = end + 1;
  }
}

/// Every distribution, with weights for those that need them (`weights` has one per element;
/// `best_fit_weights` has the threshold first). The best_fit thresholds make it pick each kind.
struct NamedDistribution {
  std::string name;
  mr::Distribution distribution;
};

struct DistributionInputs {
  std::vector<std::uint64_t> weights;
  std::vector<std::uint64_t> best_fit_low, best_fit_high;

  explicit DistributionInputs(std::vector<std::uint64_t> w) : weights(std::move(w)) {
    best_fit_low.push_back(0);  // nothing passes: balanced
    best_fit_low.insert(best_fit_low.end(), weights.begin(), weights.end());
    best_fit_high = best_fit_low;
    best_fit_high[0] = std::numeric_limits<std::uint64_t>::max();  // both pass: block
  }

  std::vector<NamedDistribution> all() const {
    return {{"block", mr::block()},
            {"cyclic", mr::cyclic()},
            {"balanced", mr::balanced(weights)},
            {"best_fit(balanced)", mr::best_fit(best_fit_low)},
            {"best_fit(block)", mr::best_fit(best_fit_high)},
            {"dynamic", mr::dynamic()},
            {"dynamic(3)", mr::dynamic(3)}};
  }
};

/// Every reduce mode for `threads` threads, roots at both ends.
inline std::vector<mr::ReduceMode> all_modes(int threads) {
  return {mr::no_comm,
          mr::all,
          mr::root(0),
          mr::root(threads - 1),
          mr::by_key(),
          mr::by_key(mr::then_gather_all),
          mr::by_key(mr::then_gather_root(threads - 1))};
}

/// Every thread's pairs, in thread order, on every thread (for checking the modes that spread
/// the result: no_comm and by_key). Uses the collectives directly, not apply_reduce.
template <class K, class V>
std::vector<mr::KeyValue<K, V>> pairs_of_every_thread(pg::Context& me, const mr::Result<K, V>& mine,
                                                      std::vector<std::byte>& storage) {
  std::vector<std::byte> bytes;
  mr::ByteWriter out(bytes);
  for (const auto& pair : mine) mr::encode_pair(out, pair.key, pair.value);
  std::vector<std::size_t> sizes(static_cast<std::size_t>(me.threads()));
  std::size_t my_size = bytes.size();
  pgasmr::coll::allgather(me, sizes, std::span<const std::size_t>(&my_size, 1), 1);
  storage.resize(std::accumulate(sizes.begin(), sizes.end(), std::size_t{0}));
  pgasmr::coll::allgather_v(me, storage, bytes, sizes);
  std::vector<mr::KeyValue<K, V>> pairs;
  mr::ByteReader in(storage);
  while (!in.at_end()) pairs.push_back(mr::decode_pair<K, V>(in));
  return pairs;
}

/// Pairs as a std::map with std::string keys (so views and strings compare alike), each value
/// as project(value) (e.g. an ExactSum's rounded bits).
template <class Pairs, class Project = std::identity>
auto as_model(const Pairs& pairs, Project project = {}) {
  using K = std::remove_cvref_t<decltype(pairs.begin()->first)>;
  using V = std::remove_cvref_t<decltype(pairs.begin()->second)>;
  using Key = std::conditional_t<std::is_same_v<K, std::string_view>, std::string, K>;
  std::map<Key, std::remove_cvref_t<std::invoke_result_t<Project&, const V&>>> model;
  for (const auto& [key, value] : pairs) model.emplace(Key(key), project(value));
  return model;
}

template <class K, class V, class Project = std::identity>
auto as_model(const mr::Result<K, V>& result, Project project = {}) {
  std::map<K, V> pairs;
  for (const auto& [key, value] : result) pairs.emplace(key, value);
  return as_model(pairs, project);
}

/// Checks `result`, one thread's answer to `mode`, against `expected` (the whole job's answer,
/// its values projected by `project`); `combine` folds values of one key when no_comm / by_key
/// results are put together, and `owner(key)` is the thread by_key must have put each key on.
template <class K, class V, class Model, class Combine, class Owner, class Project = std::identity>
void check_result(pg::Context& me, const mr::ReduceMode& mode, const mr::Result<K, V>& result, const Model& expected,
                  Combine combine, Owner owner, Project project = {}) {
  SCOPED_TRACE("reduce mode " + mr::to_string(mode) + ", thread " + std::to_string(me.thread()));
  using Kind = mr::ReduceMode::Kind;
  using Gather = mr::FinalGather::Kind;
  // The modes that deliver the whole answer: to every thread, or to one and nothing elsewhere.
  auto whole_answer_on = [&](std::optional<pg::thread_id> only) {
    EXPECT_EQ(as_model(result, project), !only || *only == me.thread() ? expected : Model{});
  };
  if (mode.kind == Kind::all || (mode.kind == Kind::by_key && mode.then.kind == Gather::all)) return whole_answer_on({});
  if (mode.kind == Kind::root) return whole_answer_on(mode.root);
  if (mode.kind == Kind::by_key && mode.then.kind == Gather::root) return whole_answer_on(mode.then.root);
  if (mode.kind == Kind::by_key) {
    for (const auto& pair : result) EXPECT_EQ(owner(pair.key), me.thread()) << "by_key left a key on the wrong thread";
  }
  // no_comm and by_key: the threads' results together make the whole answer.
  std::vector<std::byte> storage;
  std::map<typename Model::key_type, V> together;
  for (const auto& [key, value] : pairs_of_every_thread(me, result, storage)) {
    typename Model::key_type k(key);
    auto [it, fresh] = together.emplace(k, value);
    if (!fresh) {
      EXPECT_NE(mode.kind, Kind::by_key) << "by_key put a key on two threads";
      it->second = combine(it->second, value);
    }
  }
  EXPECT_EQ(as_model(together, project), expected);
}

}  // namespace pgasmr::test
