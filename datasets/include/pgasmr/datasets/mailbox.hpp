#pragma once
/// @file
/// A mailbox for spam count: a directory of many e-mail-like files of skewed sizes, with
/// keywords planted at a known rate.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include <pgasmr/datasets/corpus.hpp>
#include <pgasmr/datasets/progress.hpp>

namespace pgasmr::datasets {

/// No mail is smaller: its header always fits.
inline constexpr std::uint64_t smallest_mail_bytes = 512;

struct MailboxOptions {
  std::uint64_t seed = 1;
  std::uint64_t files = 1000;  ///< at least 1
  std::uint64_t bytes = 0;     ///< the exact total of the files' sizes, at least files * smallest_mail_bytes
  /// A keyword file as keyword_lines() reads it (empty path: none).
  std::filesystem::path keywords;
  /// The chance that a word of a subject or a body is a planted keyword, in [0, 1].
  double rate = 0.01;
  /// Plant only the first `planted` keywords (default all); the others never occur.
  std::optional<std::uint64_t> planted;
  std::filesystem::path dictionary = system_dictionary;  ///< as CorpusOptions::dictionary
  double zipf_s = 1.0;
};

/// The sizes of `files` mails adding up to `bytes`: smallest_mail_bytes plus a share of the rest
/// in proportion to a log-normal draw (sigma 1.5: many small mails, a few large ones), in file
/// order. Deterministic for the seed. Throws std::invalid_argument when `files` is 0 or `bytes`
/// is below files * smallest_mail_bytes.
std::vector<std::uint64_t> mailbox_file_sizes(std::uint64_t files, std::uint64_t bytes, std::uint64_t seed);

/// Writes the directory `directory` of `options.files` mails named mail-00000.eml, ... (name
/// order is generation order), of mailbox_file_sizes(). A mail is a header (From, To, Subject,
/// Date lines with fixed names and addresses: see keyword_list.hpp), a blank line and a body of
/// corpus-like prose ending in a newline; subject and body words are planted keywords at
/// `options.rate`, each planted word one of the planted keywords uniformly, spelt as in the
/// keyword file (or capitalised, as prose does). The keywords never occur otherwise: dictionary
/// words that read as one of them (ignoring case) are left out of the prose. The directory
/// appears complete or not at all (written as `directory.tmp-XXXXXX`, then renamed); an
/// existing `directory` is refused unless it is an empty directory. Deterministic for the
/// options. Throws input_error for an unreadable dictionary or keyword file or a keyword that
/// is not a word, std::invalid_argument for bad sizes, rates or counts, output_error when the
/// directory cannot be written.
void generate_mailbox(const std::filesystem::path& directory, const MailboxOptions& options,
                      const Progress& progress = {});

}  // namespace pgasmr::datasets
