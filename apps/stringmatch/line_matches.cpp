#include "stringmatch/line_matches.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <utility>

namespace pgasmr::apps::stringmatch {

namespace {

bool is_long(std::string_view line) noexcept { return line.size() > carried_line_bytes; }

}  // namespace

PieceMatches match_piece(std::string_view text, const KeySet& keys) {
  PieceMatches matches;
  std::uint64_t index = 0;
  const char* piece_start = text.data();
  while (!text.empty()) {
    auto end = text.find('\n');
    auto line = text.substr(0, end);
    if (keys.matches(line)) {
      if (is_long(line))
        matches.lines.push_back({index, {}, {static_cast<std::uint64_t>(line.data() - piece_start), line.size()}});
      else
        matches.lines.push_back({index, std::string(line)});
    }
    if (end == std::string_view::npos) break;  // a last line without its newline
    text.remove_prefix(end + 1);
    ++index;
  }
  matches.newlines = index;
  return matches;
}

LineMatches LineMatches::from_pieces(const datasets::TextInput& input,
                                     std::span<mr::KeyValue<std::uint64_t, PieceMatches>> pieces) {
  const auto& all = input.pieces();
  if (pieces.size() != all.size())
    throw std::logic_error("string match: " + std::to_string(pieces.size()) + " pieces matched of " +
                           std::to_string(all.size()));
  std::vector<MatchedLine> lines;
  std::uint64_t first_line = 1;  // the number of the piece's first line in its file
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    auto& [index, matches] = pieces[i];
    if (index != i) throw std::logic_error("string match: piece " + std::to_string(index) + " out of order");
    if (i == 0 || all[i].file != all[i - 1].file) first_line = 1;
    for (auto& line : matches.lines) {
      auto place = line.long_line;
      if (place.size > 0) place.offset += all[i].offset;  // from the piece's start to the file's
      lines.push_back({all[i].file, first_line + line.index, std::move(line.text), place});
    }
    first_line += matches.newlines;
  }
  return LineMatches(grep_names(input), std::move(lines), &input);
}

MatchedLine matched_line(std::uint32_t file, std::uint64_t number, std::string_view line, std::uint64_t offset) {
  if (is_long(line)) return {file, number, {}, {offset, line.size()}};
  return {file, number, std::string(line)};
}

std::string_view LineMatches::text(const MatchedLine& line, std::string& buffer, std::uint64_t most) const {
  if (line.long_line.size == 0) return std::string_view(line.text).substr(0, static_cast<std::size_t>(most));
  if (input_ == nullptr) throw std::logic_error("string match: a long line without the input to read it from");
  return input_->text({line.file, line.long_line.offset, std::min(most, line.long_line.size)}, buffer);
}

std::vector<std::string> grep_names(const datasets::TextInput& input) {
  std::vector<std::string> names;
  for (const auto& file : input.files())
    names.push_back(file.path == datasets::standard_input_operand ? "(standard input)" : file.path.string());
  return names;
}

std::string format_line_matches(const LineMatches& matches) {
  char number[24];
  auto number_of = [&](const MatchedLine& line) {
    return std::string_view(number, std::to_chars(number, number + sizeof number, line.number).ptr);
  };
  // Sized first: growing as it goes would copy a long line into a buffer twice its size.
  std::size_t size = 0;
  for (const auto& line : matches.lines())
    size += matches.paths()[line.file].size() + number_of(line).size() + 3 +
            (line.long_line.size > 0 ? static_cast<std::size_t>(line.long_line.size) : line.text.size());
  std::string text;
  text.reserve(size);
  std::string long_line;  // a long line's bytes, read from the input
  for (const auto& line : matches.lines()) {
    text.append(matches.paths()[line.file]).append(1, ':').append(number_of(line)).append(1, ':');
    text.append(matches.text(line, long_line)).append(1, '\n');
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
