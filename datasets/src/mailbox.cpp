#include <pgasmr/datasets/mailbox.hpp>

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <unordered_set>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/keyword_list.hpp>
#include <pgasmr/datasets/mapped_file.hpp>
#include <pgasmr/datasets/output_file.hpp>

#include "folder_in_progress.hpp"
#include "mail_header.hpp"
#include "prose_writer.hpp"
#include "random.hpp"
#include "ranked_vocabulary.hpp"
#include "word_list.hpp"

namespace pgasmr::datasets {
namespace {

static_assert(detail::mail_header_max_bytes < smallest_mail_bytes);
constexpr double size_sigma = 1.5;

/// A standard normal draw (Box-Muller).
double normal(detail::Random& random) {
  constexpr double unit = 0x1.0p-53;
  const double u1 = static_cast<double>((random.next() >> 11) + 1) * unit;  // (0, 1]: a finite log
  const double u2 = static_cast<double>(random.next() >> 11) * unit;
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

/// The keywords to plant: the file's keywords, each once (a keyword given again, in any case,
/// is one keyword, spelt as it first comes, as spam count counts it).
std::vector<std::string> read_keywords(const std::filesystem::path& path) {
  MappedFile file(path);
  return file.read_checked([&] {
    std::vector<std::string> keywords;
    std::unordered_set<std::string> seen;
    for (auto keyword : keyword_lines(file.text(), path.native()))
      if (seen.insert(detail::ascii_lower(keyword)).second) keywords.emplace_back(keyword);
    return keywords;
  });
}

/// Calls on_word for each word of a dictionary entry as the text apps read it: runs of ASCII
/// letters and apostrophes, from their first letter ("café" holds "caf").
template <class OnWord>
void for_each_word_of(std::string_view entry, OnWord&& on_word) {
  auto is_letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  for (std::size_t at = 0; at < entry.size();) {
    while (at < entry.size() && !is_letter(entry[at])) ++at;
    auto begin = at;
    while (at < entry.size() && (is_letter(entry[at]) || entry[at] == '\'')) ++at;
    if (at > begin) on_word(entry.substr(begin, at - begin));
  }
}

/// The prose's words by frequency rank, without the entries that would read as a keyword.
std::vector<std::string> prose_vocabulary(const MailboxOptions& options, const std::vector<std::string>& keywords) {
  std::unordered_set<std::string> excluded;
  for (const auto& keyword : keywords) excluded.insert(detail::ascii_lower(keyword));
  std::vector<std::string> kept;
  for (auto& entry : detail::by_frequency_rank(detail::vocabulary(options.dictionary), options.seed)) {
    bool keyword = false;
    for_each_word_of(entry, [&](std::string_view word) { keyword |= excluded.contains(detail::ascii_lower(word)); });
    if (!keyword) kept.push_back(std::move(entry));
  }
  if (kept.empty()) throw input_error("every word of the dictionary is a keyword: no prose left to write");
  return kept;
}

std::string mail_name(std::uint64_t index, std::uint64_t files) {
  auto digits = std::to_string(files - 1).size();
  auto number = std::to_string(index);
  return "mail-" + std::string(digits - number.size(), '0') + number + ".eml";  // name order is file order
}

/// Appends `bytes` of mail: a header, a blank line and prose ending in a newline.
void append_mail(std::string& out, std::uint64_t bytes, detail::Random& random, detail::ProseWriter& prose) {
  const auto start = out.size();
  detail::append_mail_header(out, random, prose);
  // As in a corpus: the last byte is a newline, and newlines fill the gap a word did not fit.
  auto remaining = static_cast<std::size_t>(bytes - (out.size() - start) - 1);
  while (remaining > 0) {
    auto written = prose.append_piece(out, remaining);
    if (written == 0) {
      out.append(remaining, '\n');
      break;
    }
    remaining -= written;
  }
  out += '\n';
}

}  // namespace

std::vector<std::uint64_t> mailbox_file_sizes(std::uint64_t files, std::uint64_t bytes, std::uint64_t seed) {
  if (files == 0) throw std::invalid_argument("a mailbox needs at least one file");
  if (bytes / files < smallest_mail_bytes)
    throw std::invalid_argument(std::to_string(files) + " mails need at least " +
                                std::to_string(files * smallest_mail_bytes) + " bytes (" +
                                std::to_string(smallest_mail_bytes) + " each), got " + std::to_string(bytes));
  detail::Random random(seed, /*stream=*/6);
  std::vector<double> weights(files);
  double total_weight = 0;
  for (auto& weight : weights) total_weight += weight = std::exp(size_sigma * normal(random));
  const auto extra = bytes - files * smallest_mail_bytes;
  std::vector<std::uint64_t> sizes(files);
  std::uint64_t assigned = 0;
  for (std::size_t i = 0; i < files; ++i) {
    auto share = static_cast<std::uint64_t>(static_cast<double>(extra) * (weights[i] / total_weight));
    sizes[i] = smallest_mail_bytes + std::min(share, extra - assigned);
    assigned += sizes[i] - smallest_mail_bytes;
  }
  for (std::size_t i = 0; assigned < extra; i = (i + 1) % sizes.size(), ++assigned) ++sizes[i];  // the rounding
  return sizes;
}

void generate_mailbox(const std::filesystem::path& directory, const MailboxOptions& options, const Progress& progress) {
  if (!(options.rate >= 0 && options.rate <= 1))
    throw std::invalid_argument("the planting rate must be from 0 to 1, got " + std::to_string(options.rate));
  const auto sizes = mailbox_file_sizes(options.files, options.bytes, options.seed);
  std::vector<std::string> keywords;
  if (!options.keywords.empty()) keywords = read_keywords(options.keywords);
  auto planted = keywords;
  if (options.planted) {
    if (*options.planted > keywords.size())
      throw std::invalid_argument("cannot plant " + std::to_string(*options.planted) + " keywords: " +
                                  (options.keywords.empty() ? std::string("no keyword file given")
                                                            : in_quotes(options.keywords) + " has " +
                                                                  std::to_string(keywords.size())));
    planted.resize(static_cast<std::size_t>(*options.planted));
  }
  detail::ProseWriter prose(prose_vocabulary(options, keywords), options.zipf_s, options.seed,
                            {std::move(planted), options.rate});
  detail::Random random(options.seed, /*stream=*/5);

  detail::FolderInProgress mailbox(directory);
  std::string mail;
  std::uint64_t written = 0;
  for (std::uint64_t i = 0; i < options.files; ++i) {
    mail.clear();
    append_mail(mail, sizes[i], random, prose);
    AtomicOutputFile out(mailbox.path() / mail_name(i, options.files));
    out.write(mail);
    out.commit();
    written += mail.size();
    if (progress && written < options.bytes) progress(written, options.bytes);
  }
  mailbox.commit();
  if (progress) progress(options.bytes, options.bytes);
}

}  // namespace pgasmr::datasets
