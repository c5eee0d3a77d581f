#pragma once
// Inputs for the string match tests: texts and keys drawn from a small set of fragments (word
// bytes, spaces, punctuation, CR, NUL, UTF-8 and 0xFF bytes), so that whole-word and partial
// matches, empty lines and lines without a final newline all come up often; and what
// `LC_ALL=C grep -anHFw -f` says of them.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <sys/wait.h>

#include <pgasmr/datasets/input_files.hpp>
#include <pgasmr/datasets/text_input.hpp>

#include "datasets/scratch_dir.hpp"
#include "stringmatch/engine_string_match.hpp"

namespace pgasmr::apps::test {

inline std::string random_fragments(std::mt19937& random, std::size_t min_count, std::size_t max_count) {
  using namespace std::string_view_literals;
  static constexpr std::string_view fragments[] = {"a",  "b",  "ab", "ba", "aa",         "_",  "1",   " ",
                                                   " ",  "-",  ".",  "\r", "\0"sv, "\xC3\xA9", "\t", "\xFF"};
  std::string text;
  auto count = min_count + random() % (max_count - min_count + 1);
  for (std::size_t i = 0; i < count; ++i) {
    auto pick = random() % std::size(fragments);
    text.append(fragments[pick]);
  }
  return text;
}

/// `lines` random lines, with or without a final newline.
inline std::string random_text(std::mt19937& random, std::size_t lines) {
  std::string text;
  for (std::size_t i = 0; i < lines; ++i) {
    if (i > 0) text += '\n';
    text += random_fragments(random, 0, 12);
  }
  if (random() % 2 == 0) text += '\n';
  return text;
}

/// A few random keys of 1 to 3 fragments (with `with_empty`, an empty one among them).
inline std::vector<std::string> random_keys(std::mt19937& random, bool with_empty) {
  std::vector<std::string> keys;
  auto count = 1 + random() % 5;
  for (std::size_t i = 0; i < count; ++i) keys.push_back(random_fragments(random, 1, 3));
  if (with_empty) keys.emplace_back();
  return keys;
}

/// `texts` as files f0, f1, ... of `dir` and the keys as `dir`/keys (one a line), loaded as the
/// program loads them, cut into pieces of `piece_bytes`.
inline stringmatch::StringMatchInput files_input(const pgasmr::test::ScratchDir& dir, const std::vector<std::string>& texts,
                                                 const std::vector<std::string>& keys, std::uint64_t piece_bytes) {
  std::vector<std::filesystem::path> paths;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    paths.push_back(dir / ("f" + std::to_string(i)));
    pgasmr::test::write_file(paths.back(), texts[i]);
  }
  std::string key_file;
  for (const auto& key : keys) key_file += key + "\n";
  pgasmr::test::write_file(dir / "keys", key_file);
  return {stringmatch::KeySet::read(dir / "keys"),
          datasets::TextInput(datasets::collect_input_files(paths), piece_bytes, datasets::cut_after_newline)};
}

/// What `LC_ALL=C grep -anHFw -f KEYS FILES...` prints for the files of `input`.
inline std::string grep_output(const pgasmr::test::ScratchDir& dir, const stringmatch::StringMatchInput& input) {
  std::string command = "LC_ALL=C grep -anHFw -f '" + (dir / "keys").string() + "'";
  for (const auto& file : input.text.files()) command += " '" + file.path.string() + "'";
  std::string output;
  if (std::FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
    int status = ::pclose(pipe);
    if (status != 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 1))  // 1: no line matched
      throw std::runtime_error("grep failed: " + command);
  } else {
    throw std::runtime_error("cannot run grep");
  }
  return output;
}

}  // namespace pgasmr::apps::test
