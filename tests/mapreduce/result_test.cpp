// Result: sorted by key exactly as std::less orders the keys (text keys take a prefix shortcut
// that must not change the order), owning the bytes of view keys and values, copyable, and
// giving up its pairs (release) in key order.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/result.hpp>

namespace mr = pgasmr::mr;

namespace {

/// Keys that share long prefixes, hold NUL and bytes above 127, or are empty.
std::vector<std::string> awkward_keys() {
  std::vector<std::string> keys{"", "a", "ab", std::string("ab\0", 3), std::string("ab\0c", 4), "abcdefgh", "abcdefghi",
                                "abcdefgh\x01", "abcdefgi", "\x7f", "\x80", "\xff", "\xff\xff\xff\xff\xff\xff\xff\xff\xff",
                                "Z", "z", "zz"};
  for (int i = 0; i < 200; ++i) keys.push_back("common-prefix-" + std::to_string(i * 7 % 200));
  return keys;
}

TEST(Result, SortsTextKeysAsStdLessDoes) {
  auto keys = awkward_keys();
  std::vector<std::string> shuffled = keys;
  std::reverse(shuffled.begin(), shuffled.end());
  std::rotate(shuffled.begin(), shuffled.begin() + 37, shuffled.end());
  std::vector<mr::KeyValue<std::string, int>> pairs;
  for (std::size_t i = 0; i < shuffled.size(); ++i) pairs.push_back({shuffled[i], static_cast<int>(i)});
  mr::Result<std::string, int> result(std::move(pairs));
  std::ranges::sort(keys);
  ASSERT_EQ(result.size(), keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(result[i].key, keys[i]) << "at " << i;
  for (const auto& key : keys) ASSERT_NE(result.find(key), nullptr) << key;
  EXPECT_EQ(result.find("absent"), nullptr);
}

// Enough keys for the radix sort of the prefixes (small inputs are sorted by comparison), with
// many ties of eight-byte prefixes and keys that differ only past them.
TEST(Result, SortsManyTextKeysAsStdLessDoes) {
  std::vector<std::string> keys;
  std::uint64_t state = 12345;
  auto next = [&] { return state = state * 6364136223846793005ULL + 1442695040888963407ULL; };
  for (int i = 0; i < 50000; ++i) {
    std::string key;
    auto length = 1 + next() % 14;
    for (std::uint64_t c = 0; c < length; ++c) key.push_back(static_cast<char>("abc\0\xff"[next() % 5]));
    keys.push_back(std::move(key));
  }
  std::ranges::sort(keys);
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::vector<mr::KeyValue<std::string, int>> pairs;
  for (std::size_t i = 0; i < keys.size(); ++i) pairs.push_back({keys[i], static_cast<int>(i)});
  std::shuffle(pairs.begin(), pairs.end(), std::mt19937(7));
  mr::Result<std::string, int> result(std::move(pairs));
  ASSERT_EQ(result.size(), keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) ASSERT_EQ(result[i].key, keys[i]) << "at " << i;
}

// Sorted runs one after another (what by_key's final gather delivers, one run per owner) are
// merged: any number of runs, of any lengths (some empty), up to where sorting takes over.
TEST(Result, MergesSortedRunsInAnyNumber) {
  std::mt19937 random(3);
  for (std::size_t runs : {1, 2, 3, 7, 63, 64, 65, 200}) {
    std::vector<int> keys(3000);
    for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = static_cast<int>(i);
    std::ranges::shuffle(keys, random);
    std::vector<std::size_t> cuts{0, keys.size()};
    for (std::size_t i = 1; i < runs; ++i) cuts.push_back(random() % keys.size());
    std::ranges::sort(cuts);
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i)
      std::sort(keys.begin() + static_cast<std::ptrdiff_t>(cuts[i]), keys.begin() + static_cast<std::ptrdiff_t>(cuts[i + 1]));
    std::vector<mr::KeyValue<int, int>> pairs;
    for (int key : keys) pairs.push_back({key, -key});
    mr::Result<int, int> result(std::move(pairs));
    ASSERT_EQ(result.size(), keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
      ASSERT_EQ(result[i].key, static_cast<int>(i)) << runs << " runs, at " << i;
      ASSERT_EQ(result[i].value, -static_cast<int>(i));
    }
  }
}

TEST(Result, OwnsTheBytesOfViewsAndCopiesKeepThemValid) {
  auto keys = awkward_keys();
  auto make = [&] {
    std::vector<std::string> storage = keys;  // dies when make returns
    std::vector<mr::KeyValue<std::string_view, std::string_view>> pairs;
    for (const auto& s : storage) pairs.push_back({s, s});
    return mr::Result<std::string_view, std::string_view>(std::move(pairs));
  };
  auto result = make();
  auto copy = result;
  result = mr::Result<std::string_view, std::string_view>{};  // the original's storage is gone
  std::ranges::sort(keys);
  ASSERT_EQ(copy.size(), keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(copy[i].key, keys[i]);
    EXPECT_EQ(copy[i].value, keys[i]);
  }
  auto moved = std::move(copy);
  EXPECT_EQ(moved.size(), keys.size());
  EXPECT_EQ(moved[3].key, keys[3]);
}

TEST(Result, SortsOtherKeysByOperatorLess) {
  mr::Result<std::int64_t, int> result({{5, 0}, {-3, 1}, {9, 2}, {0, 3}});
  std::vector<std::int64_t> keys;
  for (const auto& [key, value] : result) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::int64_t>{-3, 0, 5, 9}));
  EXPECT_EQ(*result.find(9), 2);
  EXPECT_EQ(result, (mr::Result<std::int64_t, int>({{9, 2}, {0, 3}, {5, 0}, {-3, 1}})));
}

TEST(Result, ReleasesItsPairsInKeyOrder) {
  mr::Result<std::string, std::vector<int>> result({{"b", {2, 2}}, {"a", {1}}, {"c", {}}});
  const auto pairs = std::move(result).release();
  ASSERT_EQ(pairs.size(), 3u);
  EXPECT_EQ(pairs[0].key, "a");
  EXPECT_EQ(pairs[1].value, (std::vector<int>{2, 2}));
  EXPECT_EQ(pairs[2].key, "c");
  EXPECT_TRUE(result.empty());  // NOLINT(bugprone-use-after-move): release leaves it empty
}

}  // namespace
