#pragma once
/// @file
/// What string match finds, in the form every version (engine, baselines) reports it: a
/// piece's matching lines (the map's output, numbered within the piece), and the whole result,
/// numbered within each file, in grep's order.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <pgasmr/datasets/text_input.hpp>
#include <pgasmr/mapreduce/container.hpp>

#include "stringmatch/key_set.hpp"

namespace pgasmr::apps::stringmatch {

/// A matching line of one piece: its index among the piece's lines (from 0) and its text,
/// without the newline.
struct PieceLine {
  std::uint64_t index = 0;
  std::string text;
  friend bool operator==(const PieceLine&, const PieceLine&) = default;
  template <class Archive>
  void serialize(Archive& archive, unsigned /*version*/) {
    archive & index & text;
  }
};

/// The map's result for one piece. A piece does not know the number of its first line; the
/// count of its newlines lets whoever sees all pieces of a file in order number them.
struct PieceMatches {
  std::uint64_t newlines = 0;
  std::vector<PieceLine> lines;
  friend bool operator==(const PieceMatches&, const PieceMatches&) = default;
  template <class Archive>
  void serialize(Archive& archive, unsigned /*version*/) {
    archive & newlines & lines;
  }
};

/// The lines of `text` (whole lines; the last may lack its newline) that match `keys`.
PieceMatches match_piece(std::string_view text, const KeySet& keys);

/// A matching line of the whole input.
struct MatchedLine {
  std::uint32_t file = 0;  ///< index into the input's files, in walk order
  std::uint64_t number = 0;  ///< from 1, as grep -n counts
  std::string text;
  friend bool operator==(const MatchedLine&, const MatchedLine&) = default;
};

/// Every matching line, by file (walk order), then by line number; with the files' names as
/// grep prints them.
class LineMatches {
 public:
  LineMatches() = default;
  LineMatches(std::vector<std::string> paths, std::vector<MatchedLine> lines)
      : paths_(std::move(paths)), lines_(std::move(lines)) {}

  /// Numbers the lines of every piece of `input`, given the map's result for each piece by
  /// piece index, in piece order (all of them: a piece without matches still counts lines).
  static LineMatches from_pieces(const datasets::TextInput& input,
                                 std::span<const mr::KeyValue<std::uint64_t, PieceMatches>> pieces);

  const std::vector<std::string>& paths() const noexcept { return paths_; }
  const std::vector<MatchedLine>& lines() const noexcept { return lines_; }
  friend bool operator==(const LineMatches&, const LineMatches&) = default;

 private:
  std::vector<std::string> paths_;
  std::vector<MatchedLine> lines_;
};

/// The names grep gives the input files: the path as found, "(standard input)" for "-".
std::vector<std::string> grep_names(const datasets::TextInput& input);

/// The --output format, grep -nH's: one `path:number:text` line per matching line.
std::string format_line_matches(const LineMatches& matches);

/// Tells what differs between two results (empty when they are equal), for --verify.
std::string describe_difference(const LineMatches& expected, const LineMatches& actual);

}  // namespace pgasmr::apps::stringmatch
