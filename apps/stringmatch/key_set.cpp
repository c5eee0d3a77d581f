#include "stringmatch/key_set.hpp"

#include <algorithm>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

namespace pgasmr::apps::stringmatch {

KeySet::KeySet(std::vector<std::string> keys) {
  for (auto& key : keys) {
    if (key.empty()) {
      has_empty_key_ = true;
      continue;
    }
    first_bytes_[static_cast<unsigned char>(key.front())] = true;
    lengths_.push_back(key.size());
    keys_.insert(std::move(key));
  }
  std::ranges::sort(lengths_);
  auto repeated = std::ranges::unique(lengths_);
  lengths_.erase(repeated.begin(), repeated.end());
}

KeySet KeySet::read(const std::filesystem::path& file) {
  auto mapped = [&] {
    try {
      return datasets::MappedFile(file);
    } catch (const datasets::input_error& e) {
      throw datasets::input_error(std::string("key file: ") + e.what());
    }
  }();
  auto text = mapped.text();
  if (text.empty()) throw datasets::input_error("key file " + datasets::in_quotes(file) + " has no keys (it is empty)");
  std::vector<std::string> keys;
  while (!text.empty()) {
    auto end = text.find('\n');
    keys.emplace_back(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  }
  mapped.throw_if_changed();
  return KeySet(std::move(keys));
}

bool KeySet::matches(std::string_view line) const {
  const auto n = line.size();
  for (std::size_t at = 0; at <= n; ++at) {
    if (at > 0 && is_word_constituent(line[at - 1])) continue;  // not a place a whole word can start
    if (has_empty_key_ && (at == n || !is_word_constituent(line[at]))) return true;
    if (at == n || !first_bytes_[static_cast<unsigned char>(line[at])]) continue;
    for (auto length : lengths_) {
      if (length > n - at) break;
      if (at + length < n && is_word_constituent(line[at + length])) continue;  // would end inside a word
      if (keys_.contains(line.substr(at, length))) return true;
    }
  }
  return false;
}

}  // namespace pgasmr::apps::stringmatch
