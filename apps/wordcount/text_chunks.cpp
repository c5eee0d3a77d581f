#include "wordcount/text_chunks.hpp"

#include <algorithm>

#include "wordcount/words.hpp"

namespace pgasmr::apps::wordcount {

std::vector<std::string_view> split_between_words(std::string_view text, std::size_t target_chunks) {
  std::vector<std::string_view> chunks;
  if (text.empty()) return chunks;
  target_chunks = std::clamp<std::size_t>(target_chunks, 1, text.size());
  chunks.reserve(target_chunks);
  std::size_t begin = 0;
  for (std::size_t i = 1; i <= target_chunks && begin < text.size(); ++i) {
    // The i-th ideal cut, moved forward to the first byte that cannot continue a word.
    std::size_t cut = std::max(begin, text.size() / target_chunks * i + std::min(i, text.size() % target_chunks));
    while (cut < text.size() && is_word_byte(text[cut])) ++cut;
    if (i == target_chunks) cut = text.size();
    if (cut > begin) chunks.push_back(text.substr(begin, cut - begin));
    begin = cut;
  }
  return chunks;
}

std::size_t chunk_count_for(std::size_t bytes, std::size_t threads) {
  constexpr std::size_t chunks_per_thread = 8;
  constexpr std::size_t max_chunk_bytes = std::size_t{1} << 20;
  return std::max(threads * chunks_per_thread, bytes / max_chunk_bytes + 1);
}

}  // namespace pgasmr::apps::wordcount
