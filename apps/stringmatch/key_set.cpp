#include "stringmatch/key_set.hpp"

#include <algorithm>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

#include "stringmatch/word_runs.hpp"

namespace pgasmr::apps::stringmatch {

KeySet::KeySet(std::vector<std::string> keys) {
  for (auto& key : keys) {
    if (key.empty()) {
      has_empty_key_ = true;
    } else if (std::ranges::all_of(key, is_word_constituent)) {
      words_.insert(key);
    } else {
      other_first_bytes_[static_cast<unsigned char>(key.front())] = true;
      other_lengths_.push_back(key.size());
      others_.insert(std::move(key));
    }
  }
  std::ranges::sort(other_lengths_);
  other_lengths_.erase(std::unique(other_lengths_.begin(), other_lengths_.end()), other_lengths_.end());
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
  if (!has_empty_key_ && others_.empty())  // the usual keys: only whole runs of word bytes can match
    return any_word_run(line, [this](std::string_view run) { return words_.contains(run); });
  return matches_at_every_place(line);
}

bool KeySet::matches_at_every_place(std::string_view line) const {
  const auto n = line.size();
  // `at` visits the places a whole word can start: the line's start and every byte after a
  // non-word byte. From one, its run of word constituents and the non-word byte after it are
  // passed over: the next place is the byte after that.
  for (std::size_t at = 0; at <= n;) {
    std::size_t run = 0;
    while (at + run < n && is_word_constituent(line[at + run])) ++run;
    if (run > 0 && words_.contains(line.substr(at, run))) return true;
    if (run == 0 && has_empty_key_) return true;  // a non-word byte (or the end) on both sides
    if (at < n && other_first_bytes_[static_cast<unsigned char>(line[at])]) {
      for (auto length : other_lengths_) {
        if (length > n - at) break;
        if (at + length < n && is_word_constituent(line[at + length])) continue;  // would end inside a word
        if (others_.contains(line.substr(at, length))) return true;
      }
    }
    at += run + 1;
  }
  return false;
}

}  // namespace pgasmr::apps::stringmatch
