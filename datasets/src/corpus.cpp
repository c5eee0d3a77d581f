#include <pgasmr/datasets/corpus.hpp>

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include <pgasmr/datasets/output_file.hpp>

#include "prose_writer.hpp"
#include "random.hpp"
#include "word_list.hpp"

namespace pgasmr::datasets {
namespace {

// Text is produced and written in chunks of about this size (and progress reported per chunk).
constexpr std::size_t chunk_bytes = std::size_t{1} << 20;

std::vector<std::string> vocabulary(const std::filesystem::path& dictionary) {
  if (dictionary.empty()) return detail::builtin_word_list();
  std::error_code error;
  if (dictionary == system_dictionary && !std::filesystem::exists(dictionary, error))
    return detail::builtin_word_list();
  return detail::load_word_list(dictionary);
}

/// The vocabulary in frequency-rank order: the common English words it has, most frequent
/// first, then the rest in a seeded random order.
std::vector<std::string> by_frequency_rank(std::vector<std::string> words, std::uint64_t seed) {
  std::vector<std::string> ranked;
  ranked.reserve(words.size());
  std::unordered_map<std::string_view, std::size_t> position;
  for (std::size_t i = 0; i < words.size(); ++i) position.emplace(words[i], i);  // the first of duplicates
  std::vector<bool> taken(words.size());
  for (auto common : detail::common_english_words())
    if (auto found = position.find(common); found != position.end()) {
      ranked.push_back(words[found->second]);
      taken[found->second] = true;
    }
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < words.size(); ++i)
    if (!taken[i]) rest.push_back(std::move(words[i]));
  detail::Random random(seed, /*stream=*/0);
  for (auto i = rest.size(); i > 1; --i)  // Fisher-Yates, with our generator for portability
    std::swap(rest[i - 1], rest[random.below(static_cast<std::uint32_t>(i))]);
  ranked.insert(ranked.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
  return ranked;
}

}  // namespace

void generate_corpus(const std::filesystem::path& path, const CorpusOptions& options, const Progress& progress) {
  detail::ProseWriter prose(by_frequency_rank(vocabulary(options.dictionary), options.seed), options.zipf_s, options.seed);
  AtomicOutputFile out(path);
  // The last byte is a newline; when the next word no longer fits, more newlines fill the gap.
  std::uint64_t remaining = options.bytes == 0 ? 0 : options.bytes - 1;
  std::string chunk;
  chunk.reserve(chunk_bytes + 256);
  while (remaining > 0) {
    chunk.clear();
    while (chunk.size() < chunk_bytes && remaining > 0) {
      auto room = static_cast<std::size_t>(std::min<std::uint64_t>(remaining, chunk_bytes));
      auto written = prose.append_piece(chunk, room);
      if (written == 0) {  // newlines, unlike blanks, cannot make the last line too long
        chunk.append(room, '\n');
        written = room;
      }
      remaining -= written;
    }
    out.write(chunk);
    if (progress && remaining > 0) progress(out.size(), options.bytes);
  }
  if (options.bytes > 0) out.write(std::string_view("\n"));
  out.commit();
  if (progress) progress(options.bytes, options.bytes);
}

}  // namespace pgasmr::datasets
