#include "stringmatch/line_matches.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace pgasmr::apps::stringmatch {

PieceMatches match_piece(std::string_view text, const KeySet& keys) {
  PieceMatches matches;
  std::uint64_t index = 0;
  while (!text.empty()) {
    auto end = text.find('\n');
    auto line = text.substr(0, end);
    if (keys.matches(line)) matches.lines.push_back({index, std::string(line)});
    if (end == std::string_view::npos) break;  // a last line without its newline
    text.remove_prefix(end + 1);
    ++index;
  }
  matches.newlines = index;
  return matches;
}

LineMatches LineMatches::from_pieces(const datasets::TextInput& input,
                                     std::span<const mr::KeyValue<std::uint64_t, PieceMatches>> pieces) {
  const auto& all = input.pieces();
  if (pieces.size() != all.size())
    throw std::logic_error("string match: " + std::to_string(pieces.size()) + " pieces matched of " +
                           std::to_string(all.size()));
  std::vector<MatchedLine> lines;
  std::uint64_t first_line = 1;  // the number of the piece's first line in its file
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const auto& [index, matches] = pieces[i];
    if (index != i) throw std::logic_error("string match: piece " + std::to_string(index) + " out of order");
    if (i == 0 || all[i].file != all[i - 1].file) first_line = 1;
    for (const auto& line : matches.lines) lines.push_back({all[i].file, first_line + line.index, line.text});
    first_line += matches.newlines;
  }
  return LineMatches(grep_names(input), std::move(lines));
}

std::vector<std::string> grep_names(const datasets::TextInput& input) {
  std::vector<std::string> names;
  for (const auto& file : input.files())
    names.push_back(file.path == datasets::standard_input_operand ? "(standard input)" : file.path.string());
  return names;
}

std::string format_line_matches(const LineMatches& matches) {
  std::string text;
  char number[24];
  for (const auto& line : matches.lines()) {
    auto end = std::to_chars(number, number + sizeof number, line.number).ptr;
    text.append(matches.paths()[line.file]).append(1, ':').append(number, end).append(1, ':');
    text.append(line.text).append(1, '\n');
  }
  return text;
}

std::string describe_difference(const LineMatches& expected, const LineMatches& actual) {
  if (expected == actual) return {};
  if (expected.paths() != actual.paths()) return "different input files";
  const auto& want = expected.lines();
  const auto& got = actual.lines();
  std::string report =
      std::to_string(want.size()) + " matching lines expected, " + std::to_string(got.size()) + " found";
  auto [first_want, first_got] = std::ranges::mismatch(want, got);
  auto name = [&](const MatchedLine& line) {
    return expected.paths()[line.file] + ":" + std::to_string(line.number);
  };
  if (first_want != want.end()) report += "; first missing or different: " + name(*first_want);
  if (first_got != got.end()) report += "; first unexpected or different: " + name(*first_got);
  return report;
}

}  // namespace pgasmr::apps::stringmatch
