#pragma once
/// @file
/// The text of many files cut into pieces, the input elements of the text apps' map. A piece
/// is read (pread) by whichever thread maps it, into that thread's buffer, so memory stays
/// bounded whatever the input's size and the threads read in parallel.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/datasets/input_files.hpp>

namespace pgasmr::datasets {

/// Where a piece may end: may_cut(before, after) says whether a cut may fall between the bytes
/// `before` and `after`. A piece also ends at the end of its file.
using CutRule = bool (*)(char before, char after);

/// Cuts only just after a newline: every piece is made of whole lines.
inline bool cut_after_newline(char before, char /*after*/) { return before == '\n'; }

/// A run of bytes of one input file.
struct TextPiece {
  std::uint32_t file = 0;  ///< index into TextInput::files()
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
};

/// Immutable after construction; any number of threads may read pieces at once, each with its
/// own buffer.
class TextInput {
 public:
  /// A file of at most `piece_bytes` is one piece (an empty file none); a larger one is cut
  /// into pieces of about `piece_bytes`, each cut moved forward to the first place `may_cut`
  /// allows (a piece is longer when none comes soon; one at the end of the file at the
  /// latest). Reads standard input whole when the files include it. Throws input_error naming
  /// the file when it cannot be read.
  TextInput(InputFiles files, std::uint64_t piece_bytes, CutRule may_cut);

  /// Texts held in memory, as files named "text 1", "text 2", ... (for tests and for callers
  /// that have their input in memory already).
  static TextInput in_memory(std::vector<std::string> texts, std::uint64_t piece_bytes, CutRule may_cut);

  const std::vector<InputFile>& files() const noexcept { return files_.files; }
  const std::vector<std::string>& skipped() const noexcept { return files_.skipped; }
  const std::vector<TextPiece>& pieces() const noexcept { return pieces_; }
  /// The size of every piece, in order: the pieces' weights for the balanced distributions.
  std::vector<std::uint64_t> piece_sizes() const;
  std::uint64_t total_bytes() const noexcept { return files_.total_bytes; }

  /// The bytes of `piece`, read into `buffer` (reused between calls; texts in memory, such as
  /// standard input, are not copied). Throws input_error naming the file when it cannot be read,
  /// or was replaced, shrank or was modified (InputFile::identity, InputFile::write_watch) since
  /// it was listed.
  std::string_view text(const TextPiece& piece, std::string& buffer) const;

 private:
  TextInput() = default;
  void cut_all(std::uint64_t piece_bytes, CutRule may_cut);
  void cut(std::uint32_t file, std::uint64_t piece_bytes, CutRule may_cut);

  InputFiles files_;
  std::map<std::uint32_t, std::string> in_memory_;  ///< by file index: standard input, in_memory texts
  std::vector<TextPiece> pieces_;
};

}  // namespace pgasmr::datasets
