// The engine end to end: every distribution x reduce mode x container, at every thread count
// (and 2 processes x 2 threads under mpirun), with fixed- and variable-size keys, against
// sequential models computed with std::map. Equal models everywhere mean equal results across
// all configurations.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce.hpp>
#include <pgasmr/mapreduce/detail/dynamic_claims.hpp>
#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/shared_array.hpp>

#include "engine_support.hpp"
#include "support/spmd.hpp"

namespace mr = pgasmr::mr;
namespace pg = pgasmr::pgas;
using pgasmr::test::check_result;

namespace {

constexpr std::uint32_t key_range = 61;

/// The fixed-size job: key x % 61, value x % 1000.
struct NumbersJob {
  std::vector<std::uint32_t> input = pgasmr::test::random_numbers(500);
  pgasmr::test::DistributionInputs distributions{[&] {
    std::vector<std::uint64_t> w;
    for (auto x : input) w.push_back(x % 13 + 1);
    return w;
  }()};

  static std::uint32_t key(std::uint32_t x) { return x % key_range; }
  static std::uint64_t value(std::uint32_t x) { return x % 1000; }
  static void map(std::uint32_t x, auto& out) { out.emit(key(x), value(x)); }

  std::map<std::uint32_t, std::uint64_t> sums() const {
    std::map<std::uint32_t, std::uint64_t> model;
    for (auto x : input) model[key(x)] += value(x);
    return model;
  }
  std::map<std::size_t, std::uint64_t> dense_sums() const {
    std::map<std::size_t, std::uint64_t> model;
    for (std::size_t k = 0; k < key_range; ++k) model[k] = 0;
    for (auto x : input) model[key(x)] += value(x);
    return model;
  }
  std::map<std::uint32_t, std::uint64_t> minima() const {
    std::map<std::uint32_t, std::uint64_t> model;
    for (auto x : input) {
      auto [it, fresh] = model.emplace(key(x), value(x));
      if (!fresh) it->second = std::min(it->second, value(x));
    }
    return model;
  }
};

TEST(Engine, FixedSizeKeysEveryDistributionAndMode) {
  NumbersJob job;
  auto sums = job.sums();
  auto dense = job.dense_sums();
  auto minima = job.minima();
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (const auto& [name, distribution] : job.distributions.all()) {
      SCOPED_TRACE("distribution " + name);
      for (auto mode : pgasmr::test::all_modes(me.threads())) {
        mr::HashContainer<std::uint32_t, std::uint64_t> hashed;
        mr::apply_map(me, job.input, [](std::uint32_t x, auto& out) { NumbersJob::map(x, out); }, hashed, distribution);
        check_result(me, mode, mr::apply_reduce(me, hashed, mode), sums, mr::sum{},
                     [&](std::uint32_t k) { return hashed.key_owner(k, me.threads()); });

        mr::ArrayContainer<std::uint64_t> counters(key_range);
        mr::apply_map(me, job.input, [](std::uint32_t x, auto& out) { NumbersJob::map(x, out); }, counters, distribution);
        check_result(me, mode, mr::apply_reduce(me, counters, mode), dense, mr::sum{},
                     [&](std::size_t k) { return counters.key_owner(k, me.threads()); });

        mr::ListContainer<std::uint32_t, std::uint64_t> list;
        mr::apply_map(me, job.input, [](std::uint32_t x, auto& out) { NumbersJob::map(x, out); }, list, distribution);
        check_result(me, mode, mr::apply_reduce(me, list, mode, mr::min{}), minima, mr::min{},
                     [&](std::uint32_t k) { return mr::hash_owner(mr::hash<std::uint32_t>{}(k), me.threads()); });
      }
    }
  });
}

/// The variable-size job: the words of each line, counted, and the last line each occurs on.
struct WordsJob {
  std::vector<std::string> input = pgasmr::test::random_lines(300);
  pgasmr::test::DistributionInputs distributions{[&] {
    std::vector<std::uint64_t> w;
    for (const auto& line : input) w.push_back(line.size() + 1);
    return w;
  }()};

  std::map<std::string, std::uint64_t> counts() const {
    std::map<std::string, std::uint64_t> model;
    for (const auto& line : input) pgasmr::test::for_each_word(line, [&](std::string_view w) { ++model[std::string(w)]; });
    return model;
  }
  std::map<std::string, std::uint64_t> last_lines() const {
    std::map<std::string, std::uint64_t> model;
    for (std::uint64_t i = 0; i < input.size(); ++i)
      pgasmr::test::for_each_word(input[i], [&](std::string_view w) { model[std::string(w)] = i; });
    return model;
  }
};

TEST(Engine, VariableSizeKeysEveryDistributionAndMode) {
  WordsJob job;
  auto counts = job.counts();
  auto last_lines = job.last_lines();
  // Elements are line numbers, so that the map knows which line it reads.
  auto lines = std::views::iota(std::uint64_t{0}, std::uint64_t{job.input.size()});
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (const auto& [name, distribution] : job.distributions.all()) {
      SCOPED_TRACE("distribution " + name);
      for (auto mode : pgasmr::test::all_modes(me.threads())) {
        mr::HashContainer<std::string_view, std::uint64_t> views;  // keys point into job.input
        mr::apply_map(me, job.input, [](const std::string& line, auto& out) {
          pgasmr::test::for_each_word(line, [&](std::string_view w) { out.emit(w, 1); });
        }, views, distribution);
        check_result(me, mode, mr::apply_reduce(me, views, mode), counts, mr::sum{},
                     [&](std::string_view k) { return views.key_owner(k, me.threads()); });

        mr::HashContainer<std::string, std::uint64_t, mr::max> strings;  // keys own their bytes
        mr::apply_map(me, lines, [&](std::uint64_t i, auto& out) {
          pgasmr::test::for_each_word(job.input[i], [&](std::string_view w) { out.emit(std::string(w), i); });
        }, strings, distribution);
        check_result(me, mode, mr::apply_reduce(me, strings, mode), last_lines, mr::max{},
                     [&](const std::string& k) { return strings.key_owner(k, me.threads()); });

        mr::ListContainer<std::string_view, std::uint64_t> list;
        mr::apply_map(me, job.input, [](const std::string& line, auto& out) {
          pgasmr::test::for_each_word(line, [&](std::string_view w) { out.emit(w, 1); });
        }, list, distribution);
        check_result(me, mode, mr::apply_reduce(me, list, mode, mr::sum{}), counts, mr::sum{},
                     [&](std::string_view k) { return mr::hash_owner(mr::hash<std::string_view>{}(k), me.threads()); });
      }
    }
  });
}

TEST(Engine, StaticDistributionsGiveEachThreadExactlyItsElements) {
  NumbersJob job;
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (const auto& [name, distribution] : job.distributions.all()) {
      if (distribution.kind == mr::DistributionKind::dynamic) continue;
      SCOPED_TRACE("distribution " + name);
      auto owner = mr::owners(distribution, job.input.size(), me.threads());
      std::map<std::uint32_t, std::uint64_t> mine;
      for (std::size_t i = 0; i < job.input.size(); ++i)
        if (owner[i] == me.thread()) mine[NumbersJob::key(job.input[i])] += NumbersJob::value(job.input[i]);
      mr::HashContainer<std::uint32_t, std::uint64_t> hashed;
      mr::apply_map(me, job.input, [](std::uint32_t x, auto& out) { NumbersJob::map(x, out); }, hashed, distribution);
      EXPECT_EQ(pgasmr::test::as_model(mr::apply_reduce(me, hashed, mr::no_comm)), mine);
    }
  });
}

TEST(Engine, DynamicClaimsEveryElementExactlyOnce) {
  const std::size_t n = 1000;
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    // The huge chunks wrapped the shared counter back below n: elements were mapped again.
    for (std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{5000},
                              (std::size_t{1} << 62) + 1, std::size_t{1} << 63, SIZE_MAX}) {
      SCOPED_TRACE("chunk " + std::to_string(chunk));
      mr::ArrayContainer<std::uint32_t> seen(n);
      mr::apply_map(me, std::views::iota(std::size_t{0}, n), [](std::size_t i, auto& out) { out.emit(i, 1); }, seen,
                    mr::dynamic(chunk));
      auto all = mr::apply_reduce(me, seen, mr::all);
      ASSERT_EQ(all.size(), n);
      for (const auto& [element, times] : all) EXPECT_EQ(times, 1u) << "element " << element;
    }
  });
}

TEST(Engine, DynamicClaimsLetOthersTakeTheShareOfAThreadThatFallsBehind) {
  const std::size_t n = 1000;
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    // Thread 0 claims nothing until every other thread has run out of claims: they must have
    // taken its share between them, every element exactly once.
    pg::shared_array<std::uint64_t> drained(me, 1, 1);
    if (me.thread() == 0) pg::atomic_store(me, drained.ptr(0), std::uint64_t{0});
    me.barrier();
    mr::ArrayContainer<std::uint32_t> seen(n);
    {
      mr::detail::DynamicClaims claims(me, n, 7);
      const auto others = static_cast<std::uint64_t>(me.threads() - 1);
      if (me.thread() == 0)
        while (pg::atomic_load(me, drained.ptr(0)) != others) std::this_thread::yield();
      std::size_t mine = 0;
      while (auto range = claims.next())
        for (auto i = range->begin; i < range->end; ++i, ++mine) seen.emit(i, 1);
      if (me.thread() == 0) {
        EXPECT_EQ(mine, me.threads() == 1 ? n : 0u);
      }
      if (me.thread() != 0) pg::atomic_fetch_add(me, drained.ptr(0), std::uint64_t{1});
    }
    auto all = mr::apply_reduce(me, seen, mr::all);
    ASSERT_EQ(all.size(), n);
    for (const auto& [element, times] : all) EXPECT_EQ(times, 1u) << "element " << element;
  });
}

TEST(Engine, DynamicClaimsStartWithTheThreadsOwnBlockShare) {
  const std::size_t n = 1000, chunk = 7;
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    mr::detail::DynamicClaims claims(me, n, chunk);
    auto first = claims.next();
    auto share = mr::block_range(n, me.threads(), me.thread());
    ASSERT_TRUE(first.has_value());
    EXPECT_EQ(*first, (mr::ElementRange{share.begin, std::min(share.end, share.begin + chunk)}));
    me.barrier();  // no thread claims a second chunk before every thread has its first
    while (claims.next()) {
    }
  });
}

TEST(Engine, ArrayBasedMapGetsTheBlockShareOrTheWholeInput) {
  std::vector<std::uint8_t> bytes;
  for (auto x : pgasmr::test::random_numbers(10007)) bytes.push_back(static_cast<std::uint8_t>(x >> 24));
  std::map<std::size_t, std::uint64_t> histogram;
  for (std::size_t v = 0; v < 256; ++v) histogram[v] = 0;
  for (auto b : bytes) ++histogram[b];
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    mr::ArrayContainer<std::uint64_t> counts(256);
    mr::apply_map_array(me, bytes, [&](std::span<const std::uint8_t> share, auto& out) {
      auto expected = mr::block_range(bytes.size(), me.threads(), me.thread());
      EXPECT_EQ(share.data(), bytes.data() + expected.begin);
      EXPECT_EQ(share.size(), expected.size());
      for (auto b : share) out.emit(b, 1);
    }, counts);
    EXPECT_EQ(pgasmr::test::as_model(mr::apply_reduce(me, counts, mr::all)), histogram);

    // The user distributes: here cyclically, by hand.
    mr::ArrayContainer<std::uint64_t> by_hand(256);
    mr::apply_map_array(me, bytes, [&](std::span<const std::uint8_t> whole, auto& out) {
      EXPECT_EQ(whole.size(), bytes.size());
      for (auto i = static_cast<std::size_t>(me.thread()); i < whole.size(); i += static_cast<std::size_t>(me.threads()))
        out.emit(whole[i], 1);
    }, by_hand, mr::user_distribution);
    EXPECT_EQ(pgasmr::test::as_model(mr::apply_reduce(me, by_hand, mr::root(0))), me.thread() == 0 ? histogram : decltype(histogram){});
  });
}

struct CaseInsensitiveHash {
  std::uint64_t operator()(std::string_view s) const {
    std::string lower(s);
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return mr::hash_bytes(lower.data(), lower.size());
  }
};
struct CaseInsensitiveEqual {
  bool operator()(std::string_view a, std::string_view b) const {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
  }
};

TEST(Engine, CaseInsensitiveKeysNameTheSameSpellingInEveryConfiguration) {
  // The same word in several spellings, spread over the input so that different threads see
  // different spellings first.
  std::vector<std::string> input;
  const std::vector<std::string> spellings{"word", "Word", "WORD", "wOrd", "other", "Other"};
  for (std::size_t i = 0; i < 200; ++i) input.push_back(spellings[(i * 7) % spellings.size()] + " " + spellings[(i * 5 + 3) % spellings.size()]);
  std::map<std::string, std::uint64_t> expected{{"Other", 0}, {"WORD", 0}};  // the least spelling of each word
  for (const auto& line : input)
    pgasmr::test::for_each_word(line, [&](std::string_view w) { ++expected[std::tolower(w[0]) == 'w' ? "WORD" : "Other"]; });
  pgasmr::test::DistributionInputs distributions(std::vector<std::uint64_t>(input.size(), 1));
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (const auto& [name, distribution] : distributions.all())
      for (auto mode : {mr::all, mr::by_key(mr::then_gather_all)}) {
        SCOPED_TRACE(name + ", " + mr::to_string(mode));
        mr::HashContainer<std::string_view, std::uint64_t, mr::sum, CaseInsensitiveHash, CaseInsensitiveEqual> words;
        mr::apply_map(me, input, [](const std::string& line, auto& out) {
          pgasmr::test::for_each_word(line, [&](std::string_view w) { out.emit(w, 1); });
        }, words, distribution);
        EXPECT_EQ(pgasmr::test::as_model(mr::apply_reduce(me, words, mode)), expected);
      }
  });
}

TEST(Engine, OneByOneTransferGivesTheSameResults) {
  WordsJob words;
  NumbersJob numbers;
  auto counts = words.counts();
  auto dense = numbers.dense_sums();
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (auto mode : pgasmr::test::all_modes(me.threads())) {
      mr::HashContainer<std::string_view, std::uint64_t> views;
      mr::apply_map(me, words.input, [](const std::string& line, auto& out) {
        pgasmr::test::for_each_word(line, [&](std::string_view w) { out.emit(w, 1); });
      }, views, mr::cyclic());
      check_result(me, mode, mr::apply_reduce(me, views, mode, mr::Transfer::one_by_one), counts, mr::sum{},
                   [&](std::string_view k) { return views.key_owner(k, me.threads()); });

      mr::ArrayContainer<std::uint64_t> counters(key_range);
      mr::apply_map(me, numbers.input, [](std::uint32_t x, auto& out) { NumbersJob::map(x, out); }, counters, mr::dynamic(5));
      check_result(me, mode, mr::apply_reduce(me, counters, mode, mr::Transfer::one_by_one), dense, mr::sum{},
                   [&](std::size_t k) { return counters.key_owner(k, me.threads()); });
    }
  });
}

/// A value that takes the Boost.Serialization path: the least and the greatest word of a key.
struct WordRange {
  std::string least, greatest;
  template <class Archive>
  void serialize(Archive& archive, unsigned) {
    archive & least & greatest;
  }
  friend bool operator==(const WordRange&, const WordRange&) = default;
};
static_assert(mr::data_path_of<WordRange> == mr::DataPath::boost);

TEST(Engine, BoostSerializedValuesEveryMode) {
  WordsJob job;
  auto widen = [](const WordRange& a, const WordRange& b) {
    return WordRange{std::min(a.least, b.least), std::max(a.greatest, b.greatest)};
  };
  // Key: the word's length; value: the range of words of that length.
  std::map<std::uint32_t, WordRange> expected;
  for (const auto& line : job.input)
    pgasmr::test::for_each_word(line, [&](std::string_view w) {
      WordRange one{std::string(w), std::string(w)};
      auto [it, fresh] = expected.emplace(static_cast<std::uint32_t>(w.size()), one);
      if (!fresh) it->second = widen(it->second, one);
    });
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (auto mode : pgasmr::test::all_modes(me.threads())) {
      mr::HashContainer<std::uint32_t, WordRange, decltype(widen)> ranges(0, {}, {}, widen);
      mr::apply_map(me, job.input, [](const std::string& line, auto& out) {
        pgasmr::test::for_each_word(line, [&](std::string_view w) {
          out.emit(static_cast<std::uint32_t>(w.size()), WordRange{std::string(w), std::string(w)});
        });
      }, ranges, mr::dynamic(7));
      check_result(me, mode, mr::apply_reduce(me, ranges, mode), expected, widen,
                   [&](std::uint32_t k) { return ranges.key_owner(k, me.threads()); });
    }
  });
}

TEST(Engine, EmptyInputGivesEmptyResults) {
  std::vector<std::string> nothing;
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    for (auto mode : pgasmr::test::all_modes(me.threads()))
      for (auto distribution : {mr::block(), mr::dynamic()}) {
        mr::HashContainer<std::string_view, std::uint64_t> words;
        mr::apply_map(me, nothing, [](const std::string& line, auto& out) { out.emit(line, 1); }, words, distribution);
        EXPECT_TRUE(mr::apply_reduce(me, words, mode).empty()) << mr::to_string(mode);
      }
  });
}

}  // namespace
