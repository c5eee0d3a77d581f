#pragma once
/// @file
/// A folder of HTML pages for the reverse index: text and links drawn with Zipf frequencies
/// from a fixed set of URLs.

#include <cstdint>
#include <filesystem>

namespace pgasmr::datasets {

struct HtmlOptions {
  std::uint64_t seed = 1;
  /// The number of pages, at least 1.
  std::uint64_t files = 0;
  /// Their total size: each page has bytes / files bytes (the first bytes % files one more); at
  /// least smallest_html_bytes(files).
  std::uint64_t bytes = 0;
  /// The number of distinct URLs the links draw from, at least 1.
  std::uint64_t links = 0;
  /// Zipf exponent: the URL of rank k is drawn in proportion to 1 / k^zipf_s.
  double zipf_s = 1.0;
};

/// The smallest total size of `files` pages: each holds at least its bare frame (doctype,
/// title, body: 78 bytes and the digits of the page's number), the largest number's each.
std::uint64_t smallest_html_bytes(std::uint64_t files);

/// Writes `options.files` pages into the new folder `path`, all-or-nothing (written in a
/// temporary folder beside it, then renamed): pages `NNNNNN.html` (numbered from 0, zero-padded),
/// 100 to a subfolder `dNNNN`. A page is a frame (doctype, title, body) around paragraphs of
/// common English words and links to URLs `https://siteM.example/doc/K.html` of Zipf rank K, in
/// every form the reverse index reads (`<a href="...">`, `<A HREF='...'>`, blanks around `=`,
/// `<link href=...>`) and some it must not (`src=`, `data-href=`). The same options always give
/// the same bytes. Throws std::invalid_argument for 0 files or 0 links, fewer bytes than
/// smallest_html_bytes(files) or a negative zipf_s, output_error when `path` exists (unless it is
/// an empty folder: checked before any page is written) or cannot be written.
void generate_html(const std::filesystem::path& path, const HtmlOptions& options);

}  // namespace pgasmr::datasets
