#include "wordcount/baselines.hpp"

#include <array>
#include <cstring>
#include <deque>
#include <string>
#include <unordered_map>

#include <pgasmr/mapreduce/case_insensitive.hpp>

#include "common/phoenix_like_hash_container.hpp"
#include "common/phoenix_like_sort_merge.hpp"
#include "common/phoenix_like_tasks.hpp"
#include "common/workers.hpp"
#include "common/words.hpp"

namespace pgasmr::apps::wordcount {
namespace {

using CountMap =
    std::unordered_map<std::string_view, std::uint64_t, mr::ascii_case_insensitive_hash, mr::ascii_case_insensitive_equal>;

void count_into(std::string_view text, CountMap& counts) {
  for_each_word(text, [&](std::string_view word) { ++counts[word]; });
}

/// Phoenix++'s word_count key: a word ended by a NUL in the text itself, compared with strcmp.
struct CWord {
  const char* text = nullptr;
  bool operator==(const CWord& other) const noexcept { return std::strcmp(text, other.text) == 0; }
  operator std::string_view() const noexcept { return text; }  // for WordCounts::from_pairs
};

/// Phoenix++'s word_count hash: 64-bit FNV-1a over the word's bytes.
struct Fnv1aHash {
  std::size_t operator()(const CWord& word) const noexcept {
    std::uint64_t hash = 14695981039346656037ULL;
    for (const char* c = word.text; *c != 0; ++c) hash = (hash ^ static_cast<unsigned char>(*c)) * 1099511628211ULL;
    return hash;
  }
};

using PhoenixWordCounts = PhoenixHashContainer<CWord, std::uint64_t, Fnv1aHash>;

/// toupper's table in the C locale: Phoenix++ upper-cases with a lookup per byte.
constexpr std::array<char, 256> upper_case_of = [] {
  std::array<char, 256> upper{};
  for (std::size_t c = 0; c < upper.size(); ++c)
    upper[c] = static_cast<char>(c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c);
  return upper;
}();

bool is_upper_case_letter(char c) noexcept { return c >= 'A' && c <= 'Z'; }

/// Phoenix++'s map of a split: upper-cases it in place, then, byte by byte, emits (word, 1) for
/// each run of letters and apostrophes from its first letter on, ending the word with a NUL
/// over the separator after it (or over the string's own terminator).
void map_text(std::string& text, PhoenixWordCounts::Table& counts) {
  for (char& c : text) c = upper_case_of[static_cast<unsigned char>(c)];
  char* const data = text.data();
  const std::size_t size = text.size();
  std::size_t i = 0;
  while (i < size) {
    while (i < size && !is_upper_case_letter(data[i])) ++i;
    const std::size_t start = i;
    while (i < size && (is_upper_case_letter(data[i]) || data[i] == '\'')) ++i;
    if (i > start) {
      data[i] = 0;
      counts[CWord{data + start}].add(1);
    }
  }
}

}  // namespace

WordCounts count_words_sequential(std::string_view text) {
  CountMap counts;
  count_into(text, counts);
  return WordCounts::from_pairs(counts);
}

WordCounts count_words_sequential(const datasets::TextInput& input) {
  CountMap counts;
  // The counted words are views into the texts, so every piece read stays in memory (as the
  // whole input does in Phoenix++); the baselines are references, not bounded in memory.
  std::deque<std::string> texts;  // a deque: its strings never move, so views into them stay valid
  for (const auto& piece : input.pieces()) count_into(input.text(piece, texts.emplace_back()), counts);
  return WordCounts::from_pairs(counts);
}

std::vector<std::string> stage_texts(const datasets::TextInput& input) {
  std::vector<std::string> texts(input.pieces().size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const auto read = input.text(input.pieces()[i], texts[i]);  // into texts[i], unless held in memory
    if (read.data() != texts[i].data()) texts[i].assign(read);
  }
  return texts;
}

WordCounts count_words_phoenix_like(std::vector<std::string>& texts, std::size_t threads) {
  PhoenixWordCounts container(threads);
  auto tasks = PhoenixTaskQueue::for_map(texts.size(), threads);
  run_workers(threads, [&](std::size_t worker) {
    PhoenixWordCounts::Table counts;
    while (auto task = tasks.take(worker))
      for (auto i = task->first; i < task->last; ++i) map_text(texts[i], counts);
    container.add(worker, counts);
  });
  // Phoenix++ sorts by count, ties by word descending, and prints from the end; sorted here the
  // other way round, straight into output order.
  auto sorted = phoenix_sort_merge(container.reduce(), [](const auto& a, const auto& b) {
    return a.value != b.value ? a.value > b.value : std::strcmp(a.key.text, b.key.text) < 0;
  });
  return WordCounts::from_pairs(sorted);
}

WordCounts count_words_phoenix_like(const datasets::TextInput& input, std::size_t threads) {
  auto texts = stage_texts(input);
  return count_words_phoenix_like(texts, threads);
}

}  // namespace pgasmr::apps::wordcount
