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

/// Matching lines of at most this many bytes travel with their text; a longer one travels as
/// its place in its file only and is read again for the output. So a long line is never copied
/// through the map, the reduce and the numbering (each of which would hold it once more: a
/// 2 GiB line cost 7 times its size), while the usual short lines need no second read.
inline constexpr std::uint64_t carried_line_bytes = 64 * 1024;

/// Where a long line lies: the offset of its first byte (in its piece or in its file, as the
/// holder says) and its size without the newline. Size 0: the line is carried as text.
struct LinePlace {
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  friend bool operator==(const LinePlace&, const LinePlace&) = default;
  template <class Archive>
  void serialize(Archive& archive, unsigned /*version*/) {
    archive & offset & size;
  }
};

/// A matching line of one piece: its index among the piece's lines (from 0) and its text,
/// without the newline; or, for a line longer than carried_line_bytes, no text and its place
/// in the piece.
struct PieceLine {
  std::uint64_t index = 0;
  std::string text;
  LinePlace long_line = {};  ///< a long line's place in the piece (size 0: carried as text)
  friend bool operator==(const PieceLine&, const PieceLine&) = default;
  template <class Archive>
  void serialize(Archive& archive, unsigned /*version*/) {
    archive & index & text & long_line;
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

/// A matching line of the whole input: its text, or for a long line (see carried_line_bytes)
/// no text and its place in its file.
struct MatchedLine {
  std::uint32_t file = 0;  ///< index into the input's files, in walk order
  std::uint64_t number = 0;  ///< from 1, as grep -n counts
  std::string text;
  LinePlace long_line = {};  ///< a long line's place in its file (size 0: carried as text)
  friend bool operator==(const MatchedLine&, const MatchedLine&) = default;
};

/// The matching line `line` (a view of its text, without the newline) of file `file`, whose
/// first byte is at `offset` in that file: its text, or its place when it is long.
MatchedLine matched_line(std::uint32_t file, std::uint64_t number, std::string_view line, std::uint64_t offset);

/// Every matching line, by file (walk order), then by line number; with the files' names as
/// grep prints them. Long lines are read from the input they were found in, which must outlive
/// the object.
class LineMatches {
 public:
  LineMatches() = default;
  LineMatches(std::vector<std::string> paths, std::vector<MatchedLine> lines,
              const datasets::TextInput* input = nullptr)
      : paths_(std::move(paths)), lines_(std::move(lines)), input_(input) {}

  /// Numbers the lines of every piece of `input`, given the map's result for each piece by
  /// piece index, in piece order (all of them: a piece without matches still counts lines).
  /// The lines' texts are moved out of `pieces`.
  static LineMatches from_pieces(const datasets::TextInput& input,
                                 std::span<mr::KeyValue<std::uint64_t, PieceMatches>> pieces);

  const std::vector<std::string>& paths() const noexcept { return paths_; }
  const std::vector<MatchedLine>& lines() const noexcept { return lines_; }
  /// The text of `line` (one of lines()), or its first `most` bytes; a long line is read from
  /// the input into `buffer`. Throws datasets::input_error when the input cannot be read.
  std::string_view text(const MatchedLine& line, std::string& buffer, std::uint64_t most = UINT64_MAX) const;
  /// The same lines of the same files (a long line by its place: the same bytes).
  friend bool operator==(const LineMatches& a, const LineMatches& b) {
    return a.paths_ == b.paths_ && a.lines_ == b.lines_;
  }

 private:
  std::vector<std::string> paths_;
  std::vector<MatchedLine> lines_;
  const datasets::TextInput* input_ = nullptr;  ///< where long lines are read from
};

/// The names grep gives the input files: the path as found, "(standard input)" for "-".
std::vector<std::string> grep_names(const datasets::TextInput& input);

/// The --output format, grep -nH's: one `path:number:text` line per matching line.
std::string format_line_matches(const LineMatches& matches);

/// Tells what differs between two results (empty when they are equal), for --verify.
std::string describe_difference(const LineMatches& expected, const LineMatches& actual);

}  // namespace pgasmr::apps::stringmatch
