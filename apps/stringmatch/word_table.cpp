#include "stringmatch/word_table.hpp"

namespace pgasmr::apps::stringmatch {

void WordTable::insert(std::string_view word) {
  const std::uint64_t hash = mr::hash_bytes(word.data(), word.size());
  if (find(word, hash) != nullptr) return;
  if (4 * (size_ + 1) > slots_.size()) {  // at most a quarter full: a miss ends at an empty slot soon
    std::vector<Slot> old(2 * slots_.size());
    old.swap(slots_);
    for (const Slot& slot : old)
      if (slot.length != 0) place(slot);
  }
  add_to_filter(hash);
  place({hash, bytes_.size(), word.size()});
  bytes_.append(word);
  ++size_;
}

void WordTable::place(const Slot& slot) {
  const std::size_t mask = slots_.size() - 1;
  std::size_t at = slot.hash & mask;
  while (slots_[at].length != 0) at = (at + 1) & mask;
  slots_[at] = slot;
}

}  // namespace pgasmr::apps::stringmatch
