#include <pgasmr/datasets/html_pages.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/output_file.hpp>

#include "folder_in_progress.hpp"
#include "random.hpp"
#include "word_list.hpp"
#include "zipf_vocabulary.hpp"

namespace pgasmr::datasets {
namespace {

constexpr std::uint64_t pages_per_folder = 100;

std::string zero_padded(std::uint64_t n, std::size_t width) {
  auto digits = std::to_string(n);
  return std::string(width > digits.size() ? width - digits.size() : 0, '0') + digits;
}

std::vector<std::string> urls(std::uint64_t count) {
  std::vector<std::string> all;
  all.reserve(count);
  for (std::uint64_t k = 0; k < count; ++k)
    all.push_back("https://site" + std::to_string(k % 101) + ".example/doc/" + std::to_string(k) + ".html");
  return all;
}

/// A link or a distraction in one of the forms pages use.
std::string element(std::string_view url, std::string_view word, detail::Random& random) {
  std::string u(url), w(word);
  switch (random.below(8)) {
    case 0: return "<A HREF='" + u + "'>" + w + "</A>";
    case 1: return "<a class=\"ref\" href = \"" + u + "\">" + w + "</a>";
    case 2: return "<link rel=\"related\" href=\"" + u + "\">";
    case 3: return "<img src=\"" + u + "\" alt=\"" + w + "\">";  // not a link
    case 4: return "<span data-href=\"" + u + "\">" + w + "</span>";  // not a link
    default: return "<a href=\"" + u + "\">" + w + "</a>";
  }
}

/// A page's frame: what comes before its paragraphs, and after them.
std::string page_head(std::uint64_t number) {
  return "<!DOCTYPE html>\n<html><head><title>page " + std::to_string(number) + "</title></head>\n<body>\n";
}
constexpr std::string_view page_tail = "</body></html>\n";

std::uint64_t frame_bytes(std::uint64_t number) { return page_head(number).size() + page_tail.size(); }

/// Page `number` of exactly `size` bytes (at least frame_bytes(number)).
std::string page(std::uint64_t number, std::uint64_t size, detail::ZipfVocabulary& links, detail::Random& random) {
  const auto words = detail::common_english_words();
  auto word = [&] { return words[random.below(static_cast<std::uint32_t>(words.size()))]; };
  const std::string head = page_head(number);
  std::string body;
  const auto room = size - frame_bytes(number);
  for (;;) {
    std::string paragraph = "<p>";
    for (auto n = 3 + random.below(12); n > 0; --n) {
      paragraph += word();
      paragraph += random.chance(1 << 14) ? "\n" : " ";
      if (random.chance(1 << 13)) paragraph += element(links.next(), word(), random) + " ";
    }
    paragraph += "</p>\n";
    if (body.size() + paragraph.size() > room) break;
    body += paragraph;
  }
  body.append(room - body.size(), '\n');  // blank lines make up the exact size
  return head + body + std::string(page_tail);
}

}  // namespace

std::uint64_t smallest_html_bytes(std::uint64_t files) {
  if (files == 0) return 0;
  const auto each = frame_bytes(files - 1);  // the last page's number is the longest
  return files > UINT64_MAX / each ? UINT64_MAX : files * each;
}

void generate_html(const std::filesystem::path& path, const HtmlOptions& options) {
  if (options.files == 0) throw std::invalid_argument("html: at least 1 file");
  if (options.links == 0) throw std::invalid_argument("html: at least 1 link");
  if (options.bytes < smallest_html_bytes(options.files))
    throw std::invalid_argument(std::to_string(options.files) + " pages need at least " +
                                std::to_string(smallest_html_bytes(options.files)) + " bytes (" +
                                std::to_string(frame_bytes(options.files - 1)) + " each, their bare frame), got " +
                                std::to_string(options.bytes));
  detail::ZipfVocabulary links(urls(options.links), options.zipf_s, detail::Random(options.seed, /*stream=*/1));
  detail::Random random(options.seed, /*stream=*/2);
  const auto file_digits = std::to_string(options.files - 1).size();
  const auto folder_digits = std::to_string((options.files - 1) / pages_per_folder).size();

  detail::FolderInProgress folder(path);
  for (std::uint64_t i = 0; i < options.files; ++i) {
    auto subfolder = folder.path() / ("d" + zero_padded(i / pages_per_folder, folder_digits));
    std::error_code error;
    if (i % pages_per_folder == 0 && !std::filesystem::create_directory(subfolder, error))
      throw output_error("cannot create " + in_quotes(subfolder) + ": " + error.message());
    AtomicOutputFile out(subfolder / (zero_padded(i, file_digits) + ".html"));
    out.write(page(i, options.bytes / options.files + (i < options.bytes % options.files ? 1 : 0), links, random));
    out.commit();
  }
  folder.commit();
}

}  // namespace pgasmr::datasets
