#include "zipf_vocabulary.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace pgasmr::datasets::detail {

ZipfVocabulary::ZipfVocabulary(const std::vector<std::string>& words_by_rank, double s, Random random)
    : random_(random) {
  auto n = words_by_rank.size();
  if (n == 0 || n > std::numeric_limits<std::uint32_t>::max())
    throw std::invalid_argument("Zipf vocabulary: need 1 .. 2^32-1 words, got " + std::to_string(n));
  if (!std::isfinite(s) || s < 0) throw std::invalid_argument("Zipf exponent must be finite and >= 0, got " + std::to_string(s));

  entries_.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    const auto& word = words_by_rank[k];
    auto& entry = entries_[k];
    entry.size = static_cast<std::uint32_t>(word.size());
    if (word.size() <= inline_bytes) {
      std::memcpy(entry.text, word.data(), word.size());
    } else {
      std::uint64_t offset = long_words_.size();
      std::memcpy(entry.text, &offset, sizeof offset);
      long_words_ += word;
    }
  }

  std::vector<double> scaled(n);  // probability * n: a column's fair share is 1
  double sum = 0;
  for (std::size_t k = 0; k < n; ++k) sum += scaled[k] = std::pow(static_cast<double>(k + 1), -s);
  for (auto& weight : scaled) weight *= static_cast<double>(n) / sum;

  // Vose: pair each under-full column with an over-full one that tops it up.
  std::vector<std::uint32_t> small, large;
  for (std::uint32_t k = 0; k < n; ++k) (scaled[k] < 1.0 ? small : large).push_back(k);
  while (!small.empty() && !large.empty()) {
    auto under = small.back();
    small.pop_back();
    auto over = large.back();
    entries_[under].threshold = static_cast<std::uint32_t>(scaled[under] * 4294967296.0);
    entries_[under].alias = over;
    scaled[over] -= 1.0 - scaled[under];
    if (scaled[over] < 1.0) {
      large.pop_back();
      small.push_back(over);
    }
  }
  // What remains is full up to rounding error.
  for (auto list : {&small, &large})
    for (auto k : *list) {
      entries_[k].threshold = std::numeric_limits<std::uint32_t>::max();
      entries_[k].alias = k;
    }

  for (auto& bits : pending_) bits = random_.next();
}

std::string_view ZipfVocabulary::word_of(const Entry& entry) const noexcept {
  if (entry.size <= inline_bytes) return {entry.text, entry.size};
  std::uint64_t offset = 0;
  std::memcpy(&offset, entry.text, sizeof offset);
  return {long_words_.data() + offset, entry.size};
}

}  // namespace pgasmr::datasets::detail
