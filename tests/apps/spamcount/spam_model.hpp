#pragma once
// Test inputs for spam count and an independent model of its result: the keyword lines read
// plainly (trimmed, blank ones skipped, upper-cased with std::toupper) and looked up in the
// word count model's counts.

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "spamcount/engine_spam_count.hpp"
#include "spamcount/keyword_counts.hpp"
#include "text_model.hpp"
#include "common/text_pieces.hpp"

namespace pgasmr::apps::test {

/// Keyword lines of `keyword_text` with the counts of their words in `texts`, in file order.
inline std::vector<spamcount::KeywordCount> model_keyword_counts(std::string_view keyword_text,
                                                                 const std::vector<std::string>& texts) {
  std::vector<spamcount::KeywordCount> counts;
  std::string line;
  for (std::size_t i = 0; i <= keyword_text.size(); ++i) {
    if (i < keyword_text.size() && keyword_text[i] != '\n') {
      if (!std::isspace(static_cast<unsigned char>(keyword_text[i])))
        line += static_cast<char>(std::toupper(static_cast<unsigned char>(keyword_text[i])));
      continue;
    }
    if (!line.empty()) {
      std::uint64_t count = 0;
      for (const auto& text : texts) {
        auto words = model_word_counts(text);
        if (auto found = words.find(line); found != words.end()) count += found->second;
      }
      counts.push_back({line, count});
    }
    line.clear();
  }
  return counts;
}

/// A mailbox in memory: `texts` as files, cut into pieces as for `threads` threads.
inline spamcount::Mailbox mailbox_in_memory(std::string_view keyword_text, std::vector<std::string> texts,
                                            std::size_t threads) {
  std::uint64_t bytes = 0;
  for (const auto& text : texts) bytes += text.size();
  return {spamcount::Keywords::parse(keyword_text, "keywords"),
          datasets::TextInput::in_memory(std::move(texts), apps::piece_bytes_for(bytes, threads),
                                         apps::cut_between_words)};
}

/// Mails of skewed sizes (empty, tiny, one cut into many pieces) from sample_text, whose words
/// include the sample keywords below in several cases.
inline std::vector<std::string> sample_mails() {
  std::vector<std::string> mails = {"", "The fox; THE zebra's e-mail: 'tis naive.\r\n"};
  for (std::size_t bytes : {100u, 3000u, 20000u, 300000u}) mails.push_back(sample_text(bytes, bytes));
  return mails;
}

/// Keywords for sample_mails(): present ones, an absent one, a repeat in another case, CRLF.
inline constexpr std::string_view sample_keywords =
    "the\r\nDon't\nfox\n\n  zebra\t\nmissing\ntis\nmail\ndogs'\nTHE\nquick\n";

}  // namespace pgasmr::apps::test
