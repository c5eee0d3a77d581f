#include <pgasmr/datasets/corpus.hpp>

#include <algorithm>
#include <string>

#include <pgasmr/datasets/output_file.hpp>

#include "prose_writer.hpp"
#include "ranked_vocabulary.hpp"

namespace pgasmr::datasets {
namespace {

// Text is produced and written in chunks of about this size (and progress reported per chunk).
constexpr std::size_t chunk_bytes = std::size_t{1} << 20;

}  // namespace

void generate_corpus(const std::filesystem::path& path, const CorpusOptions& options, const Progress& progress) {
  detail::ProseWriter prose(detail::by_frequency_rank(detail::vocabulary(options.dictionary), options.seed),
                            options.zipf_s, options.seed);
  AtomicOutputFile out(path);
  // The last byte is a newline; when the next word no longer fits, more newlines fill the gap.
  std::uint64_t remaining = options.bytes == 0 ? 0 : options.bytes - 1;
  std::string chunk;
  chunk.reserve(chunk_bytes + 256);
  while (remaining > 0) {
    chunk.clear();
    while (chunk.size() < chunk_bytes && remaining > 0) {
      auto room = static_cast<std::size_t>(std::min<std::uint64_t>(remaining, chunk_bytes));
      auto written = prose.append_piece(chunk, room);
      if (written == 0) {  // newlines, unlike blanks, cannot make the last line too long
        chunk.append(room, '\n');
        written = room;
      }
      remaining -= written;
    }
    out.write(chunk);
    if (progress && remaining > 0) progress(out.size(), options.bytes);
  }
  if (options.bytes > 0) out.write(std::string_view("\n"));
  out.commit();
  if (progress) progress(options.bytes, options.bytes);
}

}  // namespace pgasmr::datasets
