// String match's key set on any bytes: the lines before the first empty line are the keys, the
// lines after it the text; every line matches exactly when grep -Fw's rule, applied key by key
// and occurrence by occurrence, finds a key in it.

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_input.hpp"
#include "stringmatch/key_set.hpp"

namespace {

namespace sm = pgasmr::apps::stringmatch;

/// grep -Fw's rule, literally: some occurrence of some key with no word byte on either side.
bool matches_by_rule(const std::vector<std::string>& keys, std::string_view line) {
  for (const auto& key : keys)
    for (auto at = line.find(key); at != std::string_view::npos; at = line.find(key, at + 1)) {
      const auto end = at + key.size();
      if ((at == 0 || !sm::is_word_constituent(line[at - 1])) &&
          (end == line.size() || !sm::is_word_constituent(line[end])))
        return true;
    }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto text = pgasmr::fuzz::as_text(data, size);
  const auto split = text.find("\n\n");
  if (split == std::string_view::npos) return 0;
  std::vector<std::string> keys;
  for (auto line : pgasmr::fuzz::as_arguments(text.substr(0, split))) keys.push_back(line);
  const sm::KeySet key_set(keys);
  for (auto line : pgasmr::fuzz::as_arguments(text.substr(split + 2)))
    if (key_set.matches(line) != matches_by_rule(keys, line)) std::abort();
  return 0;
}
