#include <pgasmr/datasets/text_input.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <limits>
#include <string>
#include <system_error>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>

#include "file_descriptor.hpp"
#include "file_identity.hpp"

namespace pgasmr::datasets {
namespace {

/// How far past a wanted cut one read looks for an allowed one.
constexpr std::size_t cut_window = 64 * 1024;

detail::FileDescriptor open_for_reading(const std::filesystem::path& path) {
  detail::FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd.is_open())
    throw input_error("cannot open " + in_quotes(path) + ": " + std::generic_category().message(errno));
  return fd;
}

/// input_error when the open `fd` is no longer `file` as listed: another file now at its path, or
/// the same one shortened or otherwise modified since (after a read, `after_read`, also a write
/// that ended on it since it was listed: the watch is asked once a piece).
void check_unchanged(int fd, const InputFile& file, bool after_read) {
  struct stat status {};
  if (::fstat(fd, &status) != 0)
    throw input_error("cannot stat " + in_quotes(file.path) + ": " + std::generic_category().message(errno));
  const auto now = detail::identity_of(status);
  if (now.device != file.identity.device || now.inode != file.identity.inode)
    throw input_error(in_quotes(file.path) + " was replaced by another file while it was read");
  if (static_cast<std::uint64_t>(status.st_size) < file.size)
    throw input_error(in_quotes(file.path) + " became shorter while it was read");
  if (now != file.identity || (after_read && file.write_watch && file.write_watch->write_ended()))
    throw input_error(in_quotes(file.path) + " was modified while it was read");
}

/// Reads exactly `size` bytes at `offset`; input_error when the file is shorter now.
void read_exactly(int fd, const std::filesystem::path& path, std::uint64_t offset, char* into, std::size_t size) {
  while (size > 0) {
    auto got = ::pread(fd, into, size, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw input_error("cannot read " + in_quotes(path) + ": " + std::generic_category().message(errno));
    if (got == 0) throw input_error(in_quotes(path) + " became shorter while it was read");
    into += got;
    offset += static_cast<std::uint64_t>(got);
    size -= static_cast<std::size_t>(got);
  }
}

/// All of standard input. Read here rather than through std::cin, whose stream reports a read
/// error (standard input a directory, or closed) as an end of file: an empty input.
std::string read_standard_input() {
  std::string text;
  std::vector<char> chunk(64 * 1024);
  for (;;) {
    auto got = ::read(STDIN_FILENO, chunk.data(), chunk.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw input_error("cannot read standard input: " + std::generic_category().message(errno));
    if (got == 0) return text;
    text.append(chunk.data(), static_cast<std::size_t>(got));
  }
}

}  // namespace

TextInput::TextInput(InputFiles files, std::uint64_t piece_bytes, CutRule may_cut) : files_(std::move(files)) {
  if (files_.files.size() > std::numeric_limits<std::uint32_t>::max())
    throw input_error("too many input files (" + std::to_string(files_.files.size()) + ")");
  for (std::uint32_t i = 0; i < files_.files.size(); ++i) {
    auto& file = files_.files[i];
    if (file.path != standard_input_operand) continue;
    auto& text = in_memory_[i];
    text = read_standard_input();
    file.size = text.size();
    files_.total_bytes += file.size;
  }
  cut_all(piece_bytes, may_cut);
}

TextInput TextInput::in_memory(std::vector<std::string> texts, std::uint64_t piece_bytes, CutRule may_cut) {
  TextInput input;
  for (std::uint32_t i = 0; i < texts.size(); ++i) {
    input.files_.files.push_back({"text " + std::to_string(i + 1), texts[i].size()});
    input.files_.total_bytes += texts[i].size();
    input.in_memory_[i] = std::move(texts[i]);
  }
  input.cut_all(piece_bytes, may_cut);
  return input;
}

void TextInput::cut_all(std::uint64_t piece_bytes, CutRule may_cut) {
  for (std::uint32_t i = 0; i < files_.files.size(); ++i) cut(i, std::max<std::uint64_t>(piece_bytes, 1), may_cut);
}

void TextInput::cut(std::uint32_t index, std::uint64_t piece_bytes, CutRule may_cut) {
  const auto& file = files_.files[index];
  if (file.size <= piece_bytes) {
    if (file.size > 0) pieces_.push_back({index, 0, file.size});
    return;
  }
  std::string window;
  std::uint64_t begin = 0;
  while (begin < file.size) {
    std::uint64_t end = std::min(file.size, begin + piece_bytes);
    // Moves `end` forward to the first allowed cut: between window[k - 1] and window[k].
    while (end < file.size) {
      std::uint64_t from = end - 1;
      auto length = static_cast<std::size_t>(std::min<std::uint64_t>(cut_window, file.size - from));
      std::string_view bytes = text({index, from, length}, window);
      std::size_t k = 1;
      while (k < bytes.size() && !may_cut(bytes[k - 1], bytes[k])) ++k;
      end = from + k;
      if (k < bytes.size()) break;
    }
    pieces_.push_back({index, begin, end - begin});
    begin = end;
  }
}

std::vector<std::uint64_t> TextInput::piece_sizes() const {
  std::vector<std::uint64_t> sizes;
  sizes.reserve(pieces_.size());
  for (const auto& piece : pieces_) sizes.push_back(piece.size);
  return sizes;
}

std::string_view TextInput::text(const TextPiece& piece, std::string& buffer) const {
  if (auto held = in_memory_.find(piece.file); held != in_memory_.end())
    return std::string_view(held->second).substr(static_cast<std::size_t>(piece.offset), static_cast<std::size_t>(piece.size));
  const auto& file = files_.files[piece.file];
  // resize_and_overwrite would skip zeroing the buffer; GCC 12's library has it only as an extension.
  if (buffer.size() < piece.size) buffer.resize(piece.size);
  auto fd = open_for_reading(file.path);
  check_unchanged(fd.get(), file, false);
  read_exactly(fd.get(), file.path, piece.offset, buffer.data(), static_cast<std::size_t>(piece.size));
  check_unchanged(fd.get(), file, true);  // not modified during the read either
  return std::string_view(buffer.data(), static_cast<std::size_t>(piece.size));
}

}  // namespace pgasmr::datasets
