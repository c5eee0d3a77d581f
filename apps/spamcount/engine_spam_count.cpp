#include "spamcount/engine_spam_count.hpp"

#include <span>
#include <string>

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/array_container.hpp>

#include "common/reduce_to_thread0.hpp"
#include "common/weighted_distribution.hpp"
#include "common/text_pieces.hpp"
#include "common/words.hpp"

namespace pgasmr::apps::spamcount {
namespace {

/// Counts indexed by keyword (Keywords::distinct()).
using KeywordTable = mr::ArrayContainer<std::uint64_t, mr::sum>;

/// The sequential map function: one piece of mail, upper-cased as its words are found (as word
/// count does, so the table compares words byte for byte), in; (keyword index, 1) out for each
/// word that is a keyword.
void count_piece(std::span<char> text, const Keywords& keywords, KeywordTable& out) {
  for_each_word_upper_casing(text, [&](std::string_view word) {
    if (auto keyword = keywords.find(word)) out.emit(*keyword, 1);
  });
}

}  // namespace

Mailbox load_mailbox(const AppOptions& options, std::size_t total_threads) {
  auto keywords = Keywords::read(*options.value("--keywords"));
  return {std::move(keywords), load_text(options, total_threads)};
}

std::optional<KeywordCounts> count_keywords_engine(pgas::Context& me, const Mailbox& input, const EngineChoice& choice,
                                                   JobTimer& timer) {
  const auto& pieces = input.mail.pieces();
  const auto weights = input.mail.piece_sizes();
  WeightedDistribution distribution(choice.distribution, pieces.size(), [&](std::size_t i) { return weights[i]; });
  KeywordTable counts(input.keywords.distinct().size());
  auto map_piece = [&input](const datasets::TextPiece& piece, KeywordTable& out) {
    thread_local std::string buffer;
    count_piece(writable_in(input.mail.text(piece, buffer), buffer), input.keywords, out);
  };
  mr::apply_map(me, pieces, map_piece, counts, distribution.get());
  timer.lap("map");
  auto reduced = reduce_to_thread0(me, counts, choice.reduce, timer);
  if (me.thread() != 0) return std::nullopt;
  std::vector<std::uint64_t> distinct_counts(input.keywords.distinct().size());
  for (const auto& [keyword, count] : reduced) distinct_counts[keyword] = count;
  return KeywordCounts(input.keywords, distinct_counts);
}

}  // namespace pgasmr::apps::spamcount
