// Cutting texts into pieces (datasets::TextInput with word count's cut rule): the pieces cover
// every file exactly and never split a word; files on disk read as the same pieces.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>

#include "datasets/scratch_dir.hpp"
#include "datasets/write_watches.hpp"
#include "common/text_pieces.hpp"
#include "common/words.hpp"
#include "words_of.hpp"

namespace ds = pgasmr::datasets;
namespace apps = pgasmr::apps;

namespace {

using pgasmr::apps::test::words_of;

std::vector<std::string> pieces_of(const ds::TextInput& input) {
  std::vector<std::string> pieces;
  std::string buffer;
  for (const auto& piece : input.pieces()) pieces.emplace_back(input.text(piece, buffer));
  return pieces;
}

ds::TextInput cut(std::string text, std::uint64_t piece_bytes) {
  std::vector<std::string> texts{std::move(text)};
  return ds::TextInput::in_memory(std::move(texts), piece_bytes, apps::cut_between_words);
}

}  // namespace

TEST(TextPieces, HandComputedCuts) {
  // Pieces of 4 bytes: the cut at byte 4 falls in "cd" and moves to the space after it.
  EXPECT_EQ(pieces_of(cut("ab cd ef", 4)), (std::vector<std::string>{"ab cd", " ef"}));
  // A cut never falls between apostrophes and letters of one word.
  EXPECT_EQ(pieces_of(cut("a''b c", 3)), (std::vector<std::string>{"a''b", " c"}));
  EXPECT_EQ(pieces_of(cut("x", 1)), std::vector<std::string>{"x"});
}

TEST(TextPieces, EmptyTextHasNoPieces) { EXPECT_TRUE(cut("", 4).pieces().empty()); }

TEST(TextPieces, LongWordStaysInOnePiece) {
  std::string text = std::string(1u << 20, 'w');
  auto input = cut(text, 4096);
  ASSERT_EQ(input.pieces().size(), 1u);
  EXPECT_EQ(input.pieces()[0].size, text.size());
}

TEST(TextPieces, PiecesCoverTheTextAndKeepEveryWord) {
  std::string text;
  const char* samples[] = {"Don't", " ", "stop-me", "\n", "a''b", "  ", "'tis", ", ", "x", "\xC3\xA9t\xC3\xA9", " ", "longerwordhere"};
  for (int round = 0; round < 40; ++round)
    for (const char* sample : samples) text += sample;
  const auto all_words = words_of(text);
  for (std::uint64_t piece_bytes = 1; piece_bytes <= text.size(); piece_bytes = piece_bytes * 3 / 2 + 1) {
    std::string joined;
    std::vector<std::string> words;
    for (const auto& piece : pieces_of(cut(text, piece_bytes))) {
      EXPECT_FALSE(piece.empty());
      joined += piece;
      for (auto& word : words_of(piece)) words.push_back(word);
    }
    EXPECT_EQ(joined, text) << piece_bytes;
    EXPECT_EQ(words, all_words) << piece_bytes;
  }
}

TEST(TextPieces, FilesOnDiskGiveTheSamePiecesAsInMemory) {
  pgasmr::test::ScratchDir dir;
  std::vector<std::string> texts = {"alpha beta\ngamma", "", std::string(5000, 'z') + " tail", "one"};
  std::vector<std::filesystem::path> paths;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    paths.push_back(dir.path() / ("f" + std::to_string(i)));
    std::ofstream(paths.back()) << texts[i];
  }
  ds::TextInput on_disk(ds::collect_input_files(paths), 1000, apps::cut_between_words);
  auto in_memory = ds::TextInput::in_memory(texts, 1000, apps::cut_between_words);
  EXPECT_EQ(pieces_of(on_disk), pieces_of(in_memory));
  EXPECT_EQ(on_disk.total_bytes(), in_memory.total_bytes());
  ASSERT_EQ(on_disk.files().size(), 4u);
  EXPECT_EQ(on_disk.files()[2].size, 5005u);
}

namespace {

/// The one file at `path`, listed and cut as word count does.
ds::TextInput listed(const std::filesystem::path& path) {
  const std::filesystem::path paths[] = {path};
  return ds::TextInput(ds::collect_input_files(paths), 1000, apps::cut_between_words);
}

/// The message of the error that reading `input`'s first piece throws (empty: none).
std::string first_piece_error(const ds::TextInput& input) {
  std::string buffer;
  try {
    (void)input.text(input.pieces().front(), buffer);
  } catch (const ds::input_error& e) {
    return e.what();
  }
  return {};
}

}  // namespace

TEST(TextPieces, AFileThatShrankIsAnError) {
  pgasmr::test::ScratchDir dir;
  auto path = dir.path() / "shrinks";
  std::ofstream(path) << "some words here";
  auto input = listed(path);
  std::filesystem::resize_file(path, 4);
  EXPECT_NE(first_piece_error(input).find("became shorter while it was read"), std::string::npos);
}

TEST(TextPieces, AFileReplacedOrRewrittenWhileReadIsAnError) {
  pgasmr::test::ScratchDir dir;
  auto path = dir.path() / "input";
  std::ofstream(path) << "alpha alpha alpha";
  auto input = listed(path);
  EXPECT_EQ(first_piece_error(input), "");
  // Another file of the same size moved into its place (mv): its words are not the input's.
  std::ofstream(dir.path() / "other") << "omega omega omega";
  std::filesystem::rename(dir.path() / "other", path);
  EXPECT_NE(first_piece_error(input).find("was replaced by another file while it was read"), std::string::npos);
  // The same file rewritten in place, size unchanged, a second later than listed.
  auto relisted = listed(path);
  std::ofstream(path, std::ios::in | std::ios::out) << "delta";
  std::filesystem::last_write_time(path, std::filesystem::last_write_time(path) + std::chrono::seconds(1));
  EXPECT_NE(first_piece_error(relisted).find("was modified while it was read"), std::string::npos);
}

TEST(TextPieces, AWriteUnderWayWhenListedIsAnError) {
  // Rewritten with its time put back, as a write under way when the file was listed looks: the
  // kernel stamped the time when that write began, before the listing took it.
  if (!pgasmr::test::write_watches_work()) GTEST_SKIP() << "no inotify watches here: the time alone tells";
  pgasmr::test::ScratchDir dir;
  auto path = dir.path() / "input";
  std::ofstream(path) << "alpha alpha alpha";
  auto input = listed(path);
  EXPECT_EQ(first_piece_error(input), "");
  const auto time = std::filesystem::last_write_time(path);
  std::ofstream(path, std::ios::in | std::ios::out) << "gamma";
  std::filesystem::last_write_time(path, time);
  EXPECT_NE(first_piece_error(input).find("was modified while it was read"), std::string::npos);
}

TEST(TextPieces, SeveralPiecesPerThreadAndAtMostAMebibyteEach) {
  for (std::size_t threads : {1u, 2u, 8u})
    for (std::uint64_t bytes : {std::uint64_t{0}, std::uint64_t{100}, std::uint64_t{200} << 20}) {
      auto piece = apps::piece_bytes_for(bytes, threads);
      EXPECT_GE(piece, 1u);
      EXPECT_LE(piece, std::uint64_t{1} << 20);
      if (bytes >= 8 * threads) {
        EXPECT_LE(piece * 8 * threads, bytes);
      }
    }
}
