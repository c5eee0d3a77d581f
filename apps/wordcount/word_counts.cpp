#include "wordcount/word_counts.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <numeric>

#include "common/difference_report.hpp"

namespace pgasmr::apps::wordcount {
namespace {

struct CountKey {
  std::uint64_t count;
  std::size_t position;  // in word order
};

/// Sorts keys by count, descending, equal counts keeping their order: a stable radix sort of
/// 11-bit digits, least significant first, skipping the digits all keys share (counts rarely
/// use their high bits). Neither Boost.Sort's radix sort (spreadsort) nor oneTBB's sorts are
/// stable, and restoring the order of ties after them costs what they save.
void sort_by_count_descending(std::vector<CountKey>& keys) {
  constexpr unsigned digit_bits = 11;
  constexpr std::size_t buckets = std::size_t{1} << digit_bits, digits = (64 + digit_bits - 1) / digit_bits;
  auto digit = [](const CountKey& key, std::size_t d) { return (~key.count >> (d * digit_bits)) & (buckets - 1); };
  std::vector<std::array<std::size_t, buckets>> histograms(digits);  // ~count: ascending is descending
  for (const auto& key : keys)
    for (std::size_t d = 0; d < digits; ++d) ++histograms[d][digit(key, d)];
  std::vector<CountKey> other(keys.size());
  for (std::size_t d = 0; d < digits; ++d) {
    auto& counts = histograms[d];
    if (std::ranges::find(counts, keys.size()) != counts.end()) continue;  // one bucket: nothing moves
    std::exclusive_scan(counts.begin(), counts.end(), counts.begin(), std::size_t{0});
    for (const auto& key : keys) other[counts[digit(key, d)]++] = key;
    keys.swap(other);
  }
}

/// Moves entries[keys[i].position] to place i for every i, in place, one cycle of the
/// permutation after another: no second vector of strings whose fresh pages would fault in
/// (word count's sort by count on 102,000 words: 1.0-1.8 ms less, of 9-12). Leaves `keys` scrambled.
void put_in_order(std::vector<WordCount>& entries, std::vector<CountKey>& keys) {
  constexpr std::size_t placed = static_cast<std::size_t>(-1);
  for (std::size_t start = 0; start < keys.size(); ++start) {
    if (keys[start].position == placed || keys[start].position == start) continue;
    WordCount first = std::move(entries[start]);
    std::size_t at = start;
    while (keys[at].position != start) {
      auto from = keys[at].position;
      entries[at] = std::move(entries[from]);
      keys[at].position = placed;
      at = from;
    }
    entries[at] = std::move(first);
    keys[at].position = placed;
  }
}

}  // namespace

WordCounts::WordCounts(std::vector<WordCount> entries) {
  // By word first (most results arrive sorted by word already: the engine's do, so is_sorted
  // compares the strings once), then by count: the count order sorts 16-byte keys (count,
  // position by word) instead of moving strings at every step, and each entry moves once into
  // its place. (Word count's "sort by count" on 102,000 words: 20 -> 15.5 ms with the keys;
  // 12 -> 4.5 ms, memory warm, with their radix sort.)
  auto by_word = [](const WordCount& a, const WordCount& b) { return a.word < b.word; };
  if (!std::is_sorted(entries.begin(), entries.end(), by_word)) std::sort(entries.begin(), entries.end(), by_word);
  std::vector<CountKey> keys(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) keys[i] = {entries[i].count, i};
  sort_by_count_descending(keys);
  put_in_order(entries, keys);
  entries_ = std::move(entries);
}

std::uint64_t WordCounts::total_words() const noexcept {
  return std::accumulate(entries_.begin(), entries_.end(), std::uint64_t{0},
                         [](std::uint64_t sum, const WordCount& e) { return sum + e.count; });
}

std::string format_word_counts(const WordCounts& counts) {
  std::string text;
  char number[24];
  for (const auto& [word, count] : counts.entries()) {
    auto end = std::to_chars(number, number + sizeof number, count).ptr;
    text.append(word).append(1, '\t').append(number, end).append(1, '\n');
  }
  return text;
}

std::string describe_difference(const WordCounts& expected, const WordCounts& actual) {
  if (expected == actual) return {};
  std::map<std::string_view, std::uint64_t> want, got;
  for (const auto& e : expected.entries()) want.emplace(e.word, e.count);
  for (const auto& e : actual.entries()) got.emplace(e.word, e.count);
  DifferenceReport report(std::to_string(expected.entries().size()) + " distinct words expected, " +
                          std::to_string(actual.entries().size()) + " found");
  auto note = [&](std::string_view word, auto what) {
    report.note([&] { return std::string(word) + ": " + what(); });
  };
  for (const auto& [word, count] : want) {
    auto it = got.find(word);
    if (it == got.end())
      note(word, [&] { return "missing (expected " + std::to_string(count) + ")"; });
    else if (it->second != count)
      note(word, [&] { return std::to_string(it->second) + " instead of " + std::to_string(count); });
  }
  for (const auto& [word, count] : got)
    if (!want.contains(word)) note(word, [&] { return "unexpected (" + std::to_string(count) + ")"; });
  // A duplicated word, say.
  if (report.differences() == 0) return report.str("words") + "; same counts in a different order";
  return report.str("words");
}

}  // namespace pgasmr::apps::wordcount
