#include <pgasmr/datasets/keys.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/mapped_file.hpp>
#include <pgasmr/datasets/output_file.hpp>

#include "random.hpp"

namespace pgasmr::datasets {
namespace {

bool is_grep_word_byte(char c) noexcept {
  auto byte = static_cast<unsigned char>(c);
  return (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') || (byte >= '0' && byte <= '9') || byte == '_';
}

/// The distinct words of `text`, sorted (so that the draw does not depend on hashing).
std::vector<std::string_view> distinct_words(std::string_view text) {
  std::unordered_set<std::string_view> seen;
  for (std::size_t at = 0; at < text.size();) {
    if (!is_grep_word_byte(text[at])) {
      ++at;
      continue;
    }
    auto end = at;
    while (end < text.size() && is_grep_word_byte(text[end])) ++end;
    seen.insert(text.substr(at, end - at));
    at = end;
  }
  std::vector<std::string_view> words(seen.begin(), seen.end());
  std::ranges::sort(words);
  return words;
}

template <class T>
void shuffle(std::vector<T>& items, detail::Random& random) {
  for (auto i = items.size(); i > 1; --i) std::swap(items[i - 1], items[random.below(static_cast<std::uint32_t>(i))]);
}

}  // namespace

void generate_keys(const std::filesystem::path& path, const KeysOptions& options) {
  if (options.count == 0) throw std::invalid_argument("keys: the count must be at least 1");
  if (options.absent_percent > 100) throw std::invalid_argument("keys: the absent percentage must be at most 100");
  const auto absent = options.count * options.absent_percent / 100;
  const auto present = options.count - absent;

  MappedFile corpus(options.corpus);
  auto words = corpus.read_checked([&] { return distinct_words(corpus.text()); });
  if (words.size() < present)
    throw input_error("corpus " + in_quotes(options.corpus) + " has " + std::to_string(words.size()) +
                      " distinct words, fewer than the " + std::to_string(present) + " present keys");
  detail::Random random(options.seed);
  shuffle(words, random);

  std::vector<std::string> keys(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(present));
  const std::unordered_set<std::string_view> in_corpus(words.begin(), words.end());
  std::unordered_set<std::string> made_up;
  while (made_up.size() < absent) {
    std::string word(4 + random.below(7), ' ');
    for (auto& letter : word) letter = static_cast<char>('a' + random.below(26));
    if (!in_corpus.contains(word) && made_up.insert(word).second) keys.push_back(std::move(word));
  }
  shuffle(keys, random);

  AtomicOutputFile output(path);
  for (const auto& key : keys) {
    output.write(key);
    output.write("\n");
  }
  output.commit();
}

}  // namespace pgasmr::datasets
