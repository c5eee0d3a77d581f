// The thesis's array-based user reduce: fn(keys, values) once per thread over the pairs the
// reduce mode leaves on it, sorted by key; folded for combining containers, every emitted pair
// for a ListContainer.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <pgasmr/collectives/reduce.hpp>
#include <pgasmr/mapreduce.hpp>

#include "engine_support.hpp"
#include "support/spmd.hpp"

namespace mr = pgasmr::mr;
namespace pg = pgasmr::pgas;

namespace {

/// What a thread's fn saw: the arrays it was given.
template <class K, class V>
struct Seen {
  std::vector<K> keys;
  std::vector<V> values;
};

/// Whether `mode` leaves every pair on this thread (true), or none (false), or a share (nullopt).
std::optional<bool> holds_everything(const pg::Context& me, const mr::ReduceMode& mode) {
  using Kind = mr::ReduceMode::Kind;
  using Gather = mr::FinalGather::Kind;
  if (mode.kind == Kind::all || (mode.kind == Kind::by_key && mode.then.kind == Gather::all)) return true;
  if (mode.kind == Kind::root) return me.thread() == mode.root;
  if (mode.kind == Kind::by_key && mode.then.kind == Gather::root) return me.thread() == mode.then.root;
  return std::nullopt;
}

/// The words of the suite's corpus, with the line each occurrence is on.
struct Occurrences {
  std::vector<std::string> lines = pgasmr::test::random_lines(200);
  std::map<std::string, std::vector<std::uint32_t>> line_numbers;  // per word, sorted

  Occurrences() {
    for (std::uint32_t i = 0; i < lines.size(); ++i)
      pgasmr::test::for_each_word(lines[i], [&](std::string_view w) { line_numbers[std::string(w)].push_back(i); });
  }
  std::size_t occurrences() const {
    std::size_t n = 0;
    for (const auto& [word, at] : line_numbers) n += at.size();
    return n;
  }
};

TEST(ReduceArray, ListPairsArriveUnfoldedAndGroupedByKey) {
  Occurrences corpus;
  auto lines = std::views::iota(std::uint32_t{0}, static_cast<std::uint32_t>(corpus.lines.size()));
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (auto mode : pgasmr::test::all_modes(me.threads()))
      for (auto transfer : {mr::Transfer::collective, mr::Transfer::one_by_one}) {
        SCOPED_TRACE(mr::to_string(mode) + (transfer == mr::Transfer::one_by_one ? ", one by one" : ""));
        mr::ListContainer<std::string, std::uint32_t> occurrences;
        mr::apply_map(me, lines, [&](std::uint32_t i, auto& out) {
          pgasmr::test::for_each_word(corpus.lines[i], [&](std::string_view w) { out.emit(std::string(w), i); });
        }, occurrences, mr::cyclic());
        auto seen = mr::apply_reduce_array(me, occurrences, mode, [](std::span<const std::string> keys, std::span<const std::uint32_t> values) {
          return Seen<std::string, std::uint32_t>{{keys.begin(), keys.end()}, {values.begin(), values.end()}};
        }, transfer);
        ASSERT_EQ(seen.keys.size(), seen.values.size());
        EXPECT_TRUE(std::ranges::is_sorted(seen.keys));
        // Regroup: every occurrence of the words this thread holds, in some order.
        std::map<std::string, std::vector<std::uint32_t>> got;
        for (std::size_t i = 0; i < seen.keys.size(); ++i) got[seen.keys[i]].push_back(seen.values[i]);
        for (auto& [word, at] : got) std::ranges::sort(at);
        auto everything = holds_everything(me, mode);
        if (everything.has_value()) {
          EXPECT_EQ(got, *everything ? corpus.line_numbers : decltype(got){});
        } else {
          // no_comm and by_key: this thread's share; the shares add up to every occurrence.
          for (const auto& [word, at] : got) {
            auto full = corpus.line_numbers.find(word);
            ASSERT_NE(full, corpus.line_numbers.end()) << word;
            if (mode.kind == mr::ReduceMode::Kind::by_key) {
              EXPECT_EQ(at, full->second) << "by_key split the word " << word;
            }
          }
          std::size_t mine = seen.keys.size();
          std::size_t total = 0;
          pgasmr::coll::allreduce(me, std::span<std::size_t>(&total, 1), std::span<const std::size_t>(&mine, 1), pgasmr::coll::op::add{});
          EXPECT_EQ(total, corpus.occurrences());
        }
      }
  });
}

TEST(ReduceArray, CombiningContainersHandOverTheFoldedPairs) {
  Occurrences corpus;
  std::map<std::string, std::uint64_t> counts;
  for (const auto& [word, at] : corpus.line_numbers) counts[word] = at.size();
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (auto mode : pgasmr::test::all_modes(me.threads())) {
      SCOPED_TRACE(mr::to_string(mode));
      mr::HashContainer<std::string_view, std::uint64_t> words;
      mr::apply_map(me, corpus.lines, [](const std::string& line, auto& out) {
        pgasmr::test::for_each_word(line, [&](std::string_view w) { out.emit(w, 1); });
      }, words, mr::block());
      // The thesis's kind of reduce: an aggregate over all the pairs at once.
      struct Summary {
        std::uint64_t distinct = 0, total = 0;
        bool sorted = true;
      };
      auto summary = mr::apply_reduce_array(me, words, mode, [](std::span<const std::string_view> keys, std::span<const std::uint64_t> values) {
        return Summary{keys.size(), std::accumulate(values.begin(), values.end(), std::uint64_t{0}),
                       std::ranges::adjacent_find(keys, std::ranges::greater_equal{}) == keys.end()};
      });
      EXPECT_TRUE(summary.sorted) << "keys not strictly increasing: unfolded or unsorted";
      auto everything = holds_everything(me, mode);
      if (everything.has_value()) {
        EXPECT_EQ(summary.distinct, *everything ? counts.size() : 0u);
        EXPECT_EQ(summary.total, *everything ? corpus.occurrences() : 0u);
      } else {
        std::uint64_t total = 0;
        pgasmr::coll::allreduce(me, std::span<std::uint64_t>(&total, 1), std::span<const std::uint64_t>(&summary.total, 1),
                                pgasmr::coll::op::add{});
        EXPECT_EQ(total, corpus.occurrences());
      }
    }
  });
}

TEST(ReduceArray, AFnTakingMutableArraysMovesTheValuesOut) {
  // Values of heap-held text (longer than any short-string buffer), moved out of the arrays the
  // reduce hands over: what a fn taking spans of non-const gets is the values themselves.
  const std::string long_text(100, 'x');
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (auto mode : {mr::all, mr::root(me.threads() - 1), mr::no_comm}) {
      SCOPED_TRACE(mr::to_string(mode));
      mr::ListContainer<std::uint32_t, std::string> texts;
      mr::apply_map(me, std::views::iota(std::uint32_t{0}, std::uint32_t{50}), [&](std::uint32_t i, auto& out) {
        out.emit(i % 7, long_text + std::to_string(i));
      }, texts, mr::cyclic());
      auto moved = mr::apply_reduce_array(me, texts, mode, [](std::span<std::uint32_t> keys, std::span<std::string> values) {
        Seen<std::uint32_t, std::string> taken{{keys.begin(), keys.end()}, {}};
        for (auto& value : values) {
          taken.values.push_back(std::move(value));
          EXPECT_TRUE(value.empty()) << "not moved from";  // (libstdc++ empties a moved-from string)
        }
        return taken;
      });
      ASSERT_EQ(moved.keys.size(), moved.values.size());
      EXPECT_TRUE(std::ranges::is_sorted(moved.keys));
      for (std::size_t i = 0; i < moved.keys.size(); ++i) {
        const auto n = std::stoul(moved.values[i].substr(long_text.size()));
        EXPECT_EQ(moved.values[i], long_text + std::to_string(n));
        EXPECT_EQ(moved.keys[i], n % 7);
      }
      std::size_t mine = moved.keys.size(), total = 0;
      pgasmr::coll::allreduce(me, std::span<std::size_t>(&total, 1), std::span<const std::size_t>(&mine, 1),
                              pgasmr::coll::op::add{});
      EXPECT_EQ(total, mode.kind == mr::ReduceMode::Kind::all ? 50u * static_cast<std::size_t>(me.threads()) : 50u);
    }
  });
}

}  // namespace
