#include "common/text_pieces.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace pgasmr::apps {

std::uint64_t piece_bytes_for(std::uint64_t bytes, std::size_t threads) {
  constexpr std::uint64_t pieces_per_thread = 8;
  constexpr std::uint64_t max_piece_bytes = std::uint64_t{1} << 20;
  return std::clamp<std::uint64_t>(bytes / (pieces_per_thread * std::max<std::size_t>(threads, 1)), 1, max_piece_bytes);
}

datasets::TextInput text_in_memory(std::string text, std::size_t threads) {
  auto bytes = text.size();
  std::vector<std::string> texts;
  texts.push_back(std::move(text));
  return datasets::TextInput::in_memory(std::move(texts), piece_bytes_for(bytes, threads), cut_between_words);
}

datasets::TextInput load_text(const AppOptions& options, std::size_t total_threads) {
  auto files = datasets::collect_input_files(
      options.inputs, {.skip_unreadable = options.skip_unreadable, .allow_standard_input = true});
  auto piece_bytes = piece_bytes_for(files.total_bytes, total_threads);
  return datasets::TextInput(std::move(files), piece_bytes, cut_between_words);
}

}  // namespace pgasmr::apps
