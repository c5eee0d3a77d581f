// The intermediate containers and combiners, checked against std::map folds.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/mapreduce/array_container.hpp>
#include <pgasmr/mapreduce/case_insensitive.hpp>
#include <pgasmr/mapreduce/combiners.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>
#include <pgasmr/mapreduce/list_container.hpp>

namespace mr = pgasmr::mr;

namespace {

/// Every pair of a container, in a std::map.
template <class C>
auto as_map(const C& container) {
  std::map<typename C::key_type, typename C::mapped_type> pairs;
  container.for_each([&](const auto& key, const auto& value) { EXPECT_TRUE(pairs.emplace(key, value).second) << "key listed twice"; });
  return pairs;
}

/// A deterministic pseudo-random sequence (no dependence on the library's RNG).
std::vector<std::uint32_t> numbers(std::size_t n) {
  std::vector<std::uint32_t> out(n);
  std::uint32_t x = 12345;
  for (auto& v : out) v = x = x * 1103515245u + 12345u;
  return out;
}

TEST(ArrayContainer, FoldsAtEmitAndListsEveryKey) {
  mr::ArrayContainer<std::uint64_t> counts(5);
  counts.emit(1, 2);
  counts.emit(3, 4);
  counts.emit(1, 5);
  EXPECT_EQ(counts.size(), 5u);
  EXPECT_EQ(as_map(counts), (std::map<std::size_t, std::uint64_t>{{0, 0}, {1, 7}, {2, 0}, {3, 4}, {4, 0}}));
  EXPECT_EQ(counts[1], 7u);
  EXPECT_EQ(counts.values().size(), 5u);
}

TEST(ArrayContainer, StartsAtTheCombinersIdentity) {
  mr::ArrayContainer<int, mr::min> least(2);
  mr::ArrayContainer<int, mr::max> most(2);
  for (int v : {4, -3, 9}) {
    least.emit(0, v);
    most.emit(0, v);
  }
  EXPECT_EQ(least[0], -3);
  EXPECT_EQ(most[0], 9);
  EXPECT_EQ(least[1], std::numeric_limits<int>::max());
  EXPECT_EQ(most[1], std::numeric_limits<int>::lowest());
  // A custom combiner gives its identity explicitly.
  auto product = [](long a, long b) { return a * b; };
  mr::ArrayContainer<long, decltype(product)> products(1, 1L, product);
  products.emit(0, 6);
  products.emit(0, 7);
  EXPECT_EQ(products[0], 42);
}

TEST(ArrayContainer, RefusesKeysOutOfRangeNamingTheKey) {
  mr::ArrayContainer<std::uint64_t> counts(768);
  try {
    counts.emit(768, 1);
    ADD_FAILURE() << "no exception";
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("key 768 is outside [0, 768)"), std::string::npos) << e.what();
  }
}

TEST(ArrayContainer, EmptyCopyAndKeyOwnersPartitionTheKeyRange) {
  mr::ArrayContainer<std::uint64_t> counts(10);
  counts.emit(2, 3);
  auto copy = counts.empty_copy();
  EXPECT_EQ(copy.key_count(), 10u);
  EXPECT_EQ(copy[2], 0u);
  int previous = 0;
  for (std::size_t k = 0; k < 10; ++k) {  // contiguous, non-decreasing owners covering 0..2
    auto owner = counts.key_owner(k, 3);
    EXPECT_GE(owner, previous);
    EXPECT_LT(owner, 3);
    previous = owner;
  }
  EXPECT_EQ(counts.key_owner(0, 3), 0);
  EXPECT_EQ(counts.key_owner(9, 3), 2);
}

TEST(HashContainer, FoldsLikeAMapThroughManyGrowths) {
  mr::HashContainer<std::uint32_t, std::uint64_t> sums;
  std::map<std::uint32_t, std::uint64_t> expected;
  for (auto x : numbers(100000)) {
    std::uint32_t key = x % 20011;  // many collisions of the low bits
    sums.emit(key, x);
    expected[key] += x;
  }
  EXPECT_EQ(sums.size(), expected.size());
  EXPECT_EQ(as_map(sums), expected);
  ASSERT_NE(sums.find(expected.begin()->first), nullptr);
  EXPECT_EQ(*sums.find(expected.begin()->first), expected.begin()->second);
  EXPECT_EQ(sums.find(20011), nullptr);
}

TEST(HashContainer, SurvivesAnIdentityHashOnStridedKeys) {
  struct identity {
    std::uint64_t operator()(std::uint64_t k) const { return k; }
  };
  mr::HashContainer<std::uint64_t, int, mr::sum, identity> table;
  for (std::uint64_t k = 0; k < 5000; ++k) table.emit(k << 20, 1);  // the low 20 bits all zero
  EXPECT_EQ(table.size(), 5000u);
  for (std::uint64_t k = 0; k < 5000; ++k) ASSERT_NE(table.find(k << 20), nullptr);
}

TEST(HashContainer, StringViewKeysMinAndMax) {
  std::string text = "b a c a b a";
  mr::HashContainer<std::string_view, int, mr::min> least;
  mr::HashContainer<std::string_view, int, mr::max> most;
  int position = 0;
  for (std::size_t i = 0; i < text.size(); i += 2, ++position) {
    least.emit(std::string_view(text).substr(i, 1), position);
    most.emit(std::string_view(text).substr(i, 1), position);
  }
  EXPECT_EQ(as_map(least), (std::map<std::string_view, int>{{"a", 1}, {"b", 0}, {"c", 2}}));
  EXPECT_EQ(as_map(most), (std::map<std::string_view, int>{{"a", 5}, {"b", 4}, {"c", 2}}));
}

struct CaseInsensitiveHash {
  std::uint64_t operator()(std::string_view s) const {
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : s) h = (h ^ static_cast<unsigned char>(std::tolower(c))) * 1099511628211ULL;
    return h;
  }
};
struct CaseInsensitiveEqual {
  bool operator()(std::string_view a, std::string_view b) const {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    return true;
  }
};

TEST(HashContainer, CustomEqualityKeepsTheLeastSpelling) {
  mr::HashContainer<std::string_view, int, mr::sum, CaseInsensitiveHash, CaseInsensitiveEqual> words;
  for (std::string_view w : {"the", "The", "THE", "tHe", "cat"}) words.emit(w, 1);
  // Whatever the order of emission, "THE" (least by operator<) names the class.
  EXPECT_EQ(as_map(words), (std::map<std::string_view, int>{{"THE", 4}, {"cat", 1}}));
  mr::HashContainer<std::string_view, int, mr::sum, CaseInsensitiveHash, CaseInsensitiveEqual> reversed;
  for (std::string_view w : {"tHe", "THE", "The", "the", "cat"}) reversed.emit(w, 1);
  EXPECT_EQ(as_map(reversed), as_map(words));
}

TEST(HashContainer, EmptyCopyKeepsFunctorsAndReserveAvoidsNothingLost) {
  mr::HashContainer<std::string, std::uint64_t> owned(4);
  owned.reserve(1000);
  for (int i = 0; i < 1000; ++i) owned.emit("key" + std::to_string(i % 100), 1);
  EXPECT_EQ(owned.size(), 100u);
  EXPECT_EQ(*owned.find("key7"), 10u);
  auto copy = owned.empty_copy();
  EXPECT_TRUE(copy.empty());
  copy.emit("x", 2);
  EXPECT_EQ(*copy.find("x"), 2u);
  owned.clear();
  EXPECT_EQ(owned.size(), 0u);
  EXPECT_EQ(owned.find("key7"), nullptr);
}

TEST(HashContainer, KeyOwnerDependsOnTheHashOnly) {
  mr::HashContainer<std::string_view, int, mr::sum, CaseInsensitiveHash, CaseInsensitiveEqual> words;
  std::vector<int> per_thread(5, 0);
  for (int i = 0; i < 1000; ++i) {
    auto key = "w" + std::to_string(i);
    auto owner = words.key_owner(key, 5);
    ASSERT_GE(owner, 0);
    ASSERT_LT(owner, 5);
    ++per_thread[static_cast<std::size_t>(owner)];
  }
  EXPECT_EQ(words.key_owner("ABC", 7), words.key_owner("abc", 7));
  for (int count : per_thread) EXPECT_GT(count, 100) << "keys spread badly over threads";
}

TEST(HashContainer, EmitBatchFoldsLikeEmit) {
  std::vector<std::string> words;
  for (auto x : numbers(5000)) words.push_back("w" + std::to_string(x % 1500));
  std::vector<std::string_view> views(words.begin(), words.end());
  mr::HashContainer<std::string_view, std::uint64_t> one_by_one, batched;
  for (auto w : views) one_by_one.emit(w, 2);
  for (std::size_t at = 0; at < views.size(); at += 77)  // batches crossing the inner 64
    batched.emit_batch(std::span<const std::string_view>(views).subspan(at, std::min<std::size_t>(77, views.size() - at)), 2);
  batched.emit_batch({}, 2);
  EXPECT_EQ(as_map(batched), as_map(one_by_one));
}

/// Keys of every length from 0 to 40 (short ones are kept in the slot, longer in the arena),
/// of bytes that include NUL and 0xff, many sharing prefixes or differing in their last byte.
std::vector<std::string> keys_of_every_length() {
  std::vector<std::string> keys;
  for (std::size_t length = 0; length <= 40; ++length)
    for (char last : {'\0', 'a', '\xff'}) {
      std::string key(length, 'k');
      for (std::size_t i = 0; i < length; i += 3) key[i] = static_cast<char>(i * 37);
      if (length > 0) key.back() = last;
      keys.push_back(std::move(key));
    }
  std::ranges::sort(keys);
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

TEST(HashContainer, TextKeysOfEveryLengthAndPlace) {
  auto keys = keys_of_every_length();
  // Each key is emitted from the middle of a page and from right before its end, where a key's
  // bytes cannot be read 16 at a time: both copies must meet in one slot and hash alike.
  constexpr std::size_t page = 4096;
  std::vector<char> pages(3 * page);
  char* page_end = pages.data() + (page - reinterpret_cast<std::uintptr_t>(pages.data()) % page) + page;
  mr::HashContainer<std::string_view, std::uint64_t> one_by_one, batched;
  std::vector<std::string_view> batch;
  std::map<std::string, std::uint64_t> expected;
  for (int round = 0; round < 3; ++round)
    for (const auto& key : keys) {
      char* at_end = page_end - key.size();
      std::copy(key.begin(), key.end(), at_end);
      std::string_view near_end(at_end, key.size());
      ASSERT_EQ(mr::hash_bytes(near_end.data(), near_end.size()), mr::hash_bytes(key.data(), key.size())) << key.size();
      one_by_one.emit(near_end, 1);
      one_by_one.emit(key, 2);
      batched.emit_batch(std::span<const std::string_view>(&near_end, 1), 1);
      batch.push_back(key);
      expected[key] += 3;
    }
  batched.emit_batch(batch, 2);
  std::map<std::string, std::uint64_t> got;
  one_by_one.for_each([&](std::string_view key, std::uint64_t value) { got[std::string(key)] = value; });
  EXPECT_EQ(got, expected);
  got.clear();
  auto copy = batched;  // its long keys re-stored in an arena of its own
  batched = mr::HashContainer<std::string_view, std::uint64_t>();  // the original arena is gone
  copy.for_each([&](std::string_view key, std::uint64_t value) { got[std::string(key)] = value; });
  EXPECT_EQ(got, expected);
  for (const auto& key : keys) {
    ASSERT_NE(copy.find(key), nullptr) << key.size();
    EXPECT_EQ(*copy.find(key), 9u);
  }
  EXPECT_EQ(copy.find(std::string(16, 'k')), nullptr);
  copy.emit(std::string_view(), 1);  // the empty key, with no data at all
  EXPECT_EQ(*copy.find(""), 10u);
  // With a hash that only tells lengths apart, every comparison of equal-length keys decides.
  auto length_only = [](std::string_view key) { return std::uint64_t{key.size()}; };
  mr::HashContainer<std::string_view, std::uint64_t, mr::sum, decltype(length_only)> colliding(0, length_only);
  colliding.emit_batch(batch, 1);  // every key three times
  for (const auto& key : keys) colliding.emit(key, 1);
  got.clear();
  colliding.for_each([&](std::string_view key, std::uint64_t value) { got[std::string(key)] = value; });
  for (auto& [key, count] : expected) count = 4;
  EXPECT_EQ(got, expected);
}

TEST(HashContainer, LongTextKeysAreNotTakenForTheirShortPrefixes) {
  // Every key collides: a 15-byte key and the longer keys it begins (their first 15 bytes are
  // its bytes) are told apart by their sizes and bytes, not by the words of their prefixes.
  auto same_hash = [](std::string_view) { return std::uint64_t{42}; };
  mr::HashContainer<std::string_view, std::uint64_t, mr::sum, decltype(same_hash)> keys(0, same_hash);
  const std::string prefix = "abcdefghijklmno", longer = prefix + "p", longest = prefix + "pq";
  std::vector<std::string_view> batch{longer, prefix, longest, prefix, longer, prefix};
  keys.emit_batch(batch, 1);
  keys.emit(longest, 1);
  keys.emit(prefix, 1);
  ASSERT_EQ(keys.size(), 3u);
  EXPECT_EQ(*keys.find(prefix), 4u);
  EXPECT_EQ(*keys.find(longer), 2u);
  EXPECT_EQ(*keys.find(longest), 2u);
}

TEST(HashContainer, StringViewKeysAreCopiedSoTheyNeedNotOutliveTheEmit) {
  mr::HashContainer<std::string_view, int> table;
  for (int i = 0; i < 300; ++i) {
    std::string temporary = "key-" + std::to_string(i % 30) + std::string(static_cast<std::size_t>(i % 7) * 20, 'x');
    table.emit(temporary, 1);
  }  // every temporary is gone
  std::map<std::string, int> expected;
  for (int i = 0; i < 300; ++i) ++expected["key-" + std::to_string(i % 30) + std::string(static_cast<std::size_t>(i % 7) * 20, 'x')];
  std::map<std::string, int> got;
  table.for_each([&](std::string_view k, int v) { got[std::string(k)] = v; });
  EXPECT_EQ(got, expected);
}

TEST(HashContainer, CopiesOwnTheirKeysAndMovedFromContainersAreEmptyAndUsable) {
  auto copy = [] {
    mr::HashContainer<std::string_view, int> original;
    std::string word = "alpha";
    original.emit(word, 3);
    auto duplicate = original;  // the original and its arena die here
    duplicate.emit("beta", 1);
    return duplicate;
  }();
  EXPECT_EQ(as_map(copy), (std::map<std::string_view, int>{{"alpha", 3}, {"beta", 1}}));
  auto moved = std::move(copy);
  EXPECT_EQ(moved.size(), 2u);
  EXPECT_TRUE(copy.empty());  // NOLINT(bugprone-use-after-move): the documented moved-from state
  EXPECT_EQ(copy.find("alpha"), nullptr);
  copy.emit("gamma", 5);
  EXPECT_EQ(as_map(copy), (std::map<std::string_view, int>{{"gamma", 5}}));
  mr::HashContainer<std::string_view, int> assigned;
  assigned = moved;
  moved = std::move(copy);
  EXPECT_EQ(as_map(assigned), (std::map<std::string_view, int>{{"alpha", 3}, {"beta", 1}}));
  EXPECT_EQ(as_map(moved), (std::map<std::string_view, int>{{"gamma", 5}}));
}

TEST(HashContainer, MovedInValuesFoldLikeCopiesAndExtractEachHandsThemOver) {
  using Row = std::vector<std::int64_t>;
  auto add = [](const Row& a, const Row& b) {
    Row sum = a;
    for (std::size_t j = 0; j < sum.size(); ++j) sum[j] += b[j];
    return sum;
  };
  mr::HashContainer<std::uint64_t, Row, decltype(add)> table(0, {}, {}, add);
  for (std::uint64_t key = 0; key < 100; ++key) {
    Row row(50, static_cast<std::int64_t>(key));
    table.emit(key % 40, std::move(row));  // new keys take the row, repeated ones fold it
  }
  std::map<std::uint64_t, Row> extracted;
  table.extract_each([&](std::uint64_t key, Row&& row) { extracted.emplace(key, std::move(row)); });
  ASSERT_EQ(extracted.size(), 40u);
  for (std::uint64_t key = 0; key < 40; ++key) {
    std::int64_t expected = 0;
    for (std::uint64_t k = key; k < 100; k += 40) expected += static_cast<std::int64_t>(k);
    EXPECT_EQ(extracted[key], Row(50, expected)) << key;
  }
}

TEST(HashContainer, FoldingOneTableIntoAFreshOneStaysFast) {
  // A fresh table meets the keys in the source's slot order; the containers must not share
  // their slot function, or linear probing degrades to quadratic time (this would take minutes).
  mr::HashContainer<std::uint64_t, int> source;
  for (std::uint64_t k = 0; k < 400000; ++k) source.emit(k * 2654435761ULL, 1);
  auto target = source.empty_copy();
  source.for_each([&](std::uint64_t k, int v) { target.emit(k, v); });
  EXPECT_EQ(target.size(), source.size());
}

/// The case-insensitive functors against a byte-at-a-time model, on every length the
/// eight-byte packing distinguishes, and on the bytes around 'A'..'Z' and above 127.
TEST(CaseInsensitive, HashAndEqualityMatchAByteModel) {
  auto model_equal = [](std::string_view a, std::string_view b) {
    auto fold = [](unsigned char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; };
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) {
             return fold(static_cast<unsigned char>(x)) == fold(static_cast<unsigned char>(y));
           });
  };
  const std::string alphabet = "aAzZ@[`{'\x80\xff" "09";
  mr::ascii_case_insensitive_hash hash;
  mr::ascii_case_insensitive_equal equal;
  auto random = numbers(4000);
  for (std::size_t i = 0; i + 1 < random.size(); i += 2) {
    auto length = random[i] % 20;
    std::string a, b;
    for (std::size_t j = 0; j < length; ++j) {
      auto r = random[(i + j) % random.size()] >> (j % 16);
      a += alphabet[r % alphabet.size()];
      // b: a's byte in the other case half the time, a different byte sometimes
      char c = a.back();
      if (r & 64) c = static_cast<char>(std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c) : std::toupper(c));
      if (random[i + 1] % 5 == 0 && j == random[i + 1] % (length + 1)) c = alphabet[(r + 1) % alphabet.size()];
      b += c;
    }
    ASSERT_EQ(equal(a, b), model_equal(a, b)) << "'" << a << "' vs '" << b << "'";
    if (equal(a, b)) {
      EXPECT_EQ(hash(a), hash(b)) << "'" << a << "' vs '" << b << "'";
    }
  }
  EXPECT_TRUE(equal("Don't", "DON'T"));
  EXPECT_FALSE(equal("@", "`"));  // 0x40 and 0x60 differ by the case bit but are not letters
  EXPECT_FALSE(equal("[", "{"));
  EXPECT_FALSE(equal("\xc3", "\xe3"));
  EXPECT_FALSE(equal("abc", "abcd"));
  EXPECT_NE(hash("abc"), hash("abd"));
}

/// Short keys are read with one masked 8-byte load unless that load could cross into the next
/// page; the fallback must give the same hash and equality. Keys are placed at every offset
/// near the end of a page, and at the very end of heap blocks of their own size, where the
/// load reads past the block (which ASan reports unless pack_word is exempt from it).
TEST(HashBytes, DoNotDependOnWhereTheKeyLies) {
  constexpr std::size_t page = 4096;
  std::vector<char> memory(3 * page);
  auto* page_end = reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(memory.data()) / page + 2) * page);
  const std::string text = "Pack my box with five dozen liquor jugs";
  mr::hash<std::string_view> hash;
  mr::ascii_case_insensitive_hash case_insensitive_hash;
  for (std::size_t size = 1; size <= 17; ++size) {
    std::string_view reference(text.data(), size);
    for (std::size_t before_end = size; before_end <= size + 9; ++before_end) {
      char* at = page_end - before_end;
      std::copy(reference.begin(), reference.end(), at);
      std::fill(at + size, page_end, '#');  // bytes a masked load reads but must not use
      std::string_view placed(at, size);
      EXPECT_EQ(hash(placed), hash(reference)) << size << " bytes, " << before_end << " before a page end";
      EXPECT_EQ(case_insensitive_hash(placed), case_insensitive_hash(reference)) << size << " bytes";
      EXPECT_TRUE(mr::detail::same_bytes(placed, reference)) << size << " bytes";
      EXPECT_FALSE(mr::detail::same_bytes(placed, std::string_view(text.data() + 1, size))) << size << " bytes";
    }
  }
  for (std::size_t size = 1; size <= 17; ++size) {
    std::vector<char> exact(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(size));
    std::string_view alone(exact.data(), size);
    EXPECT_EQ(hash(alone), hash(std::string_view(text.data(), size))) << size << " bytes at the end of a block";
    EXPECT_TRUE(mr::detail::same_bytes(alone, std::string_view(text.data(), size))) << size << " bytes";
  }
  std::copy(text.begin(), text.begin() + 3, page_end - 3);
  mr::HashContainer<std::string_view, int> words;
  words.emit(std::string_view(page_end - 3, 3), 1);
  words.emit(std::string_view(text.data(), 3), 1);  // "Pac" again, from elsewhere
  EXPECT_EQ(words.size(), std::size_t{1});
}

TEST(ListContainer, KeepsEveryPairInOrder) {
  mr::ListContainer<std::string, int> list;
  list.emit("a", 1);
  list.emit("b", 2);
  list.emit("a", 3);
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list.pairs()[2], (mr::KeyValue<std::string, int>{"a", 3}));
  std::vector<int> seen;
  list.for_each([&](const std::string&, int v) { seen.push_back(v); });
  EXPECT_EQ(seen, (std::vector<int>{1, 2, 3}));
}

TEST(Combiners, FoldAndIdentity) {
  EXPECT_EQ(mr::sum{}(2, 3), 5);
  EXPECT_EQ(mr::min{}(2, 3), 2);
  EXPECT_EQ(mr::max{}(2.5, 3.5), 3.5);
  // NaNs skipped on either side, so the fold does not depend on which pairs meet first.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(mr::min{}(nan, 2.0), 2.0);
  EXPECT_EQ(mr::min{}(2.0, nan), 2.0);
  EXPECT_EQ(mr::max{}(nan, -1.0), -1.0);
  EXPECT_EQ(mr::sum::identity<std::uint64_t>(), 0u);
  EXPECT_EQ(mr::min::identity<short>(), std::numeric_limits<short>::max());
  EXPECT_EQ(mr::max::identity<double>(), std::numeric_limits<double>::lowest());
}

}  // namespace
