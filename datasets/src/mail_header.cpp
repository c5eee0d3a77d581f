#include "mail_header.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "word_list.hpp"

namespace pgasmr::datasets::detail {
namespace {

constexpr std::array<std::string_view, 16> first_names = {"Alice", "Bob",   "Carol", "Dave",  "Erin",   "Frank",
                                                          "Grace", "Heidi", "Ivan",  "Judy",  "Olivia", "Peggy",
                                                          "Rupert", "Sybil", "Trent", "Victor"};
constexpr std::array<std::string_view, 16> last_names = {"Smith",  "Jones",   "Brown",  "Taylor", "Wilson", "Davies",
                                                         "Evans",  "Thomas",  "Walker", "Wright", "White",  "Hughes",
                                                         "Turner", "Edwards", "Green",  "Wood"};
constexpr std::array<std::string_view, 7> days = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
constexpr std::array<std::string_view, 12> months = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::array<int, 12> month_days = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};  // 2025
constexpr std::array<std::string_view, 8> other_words = {"From",    "To",  "Subject", "Date",
                                                         "example", "com", "org",     "net"};
constexpr std::size_t subject_bytes = 60;

template <std::size_t N>
std::string_view pick(const std::array<std::string_view, N>& words, Random& random) {
  return words[random.below(static_cast<std::uint32_t>(N))];
}

/// "Wed, 01 Jan 2025 09:30:00 +0000": a moment of 2025, whose 1 January was a Wednesday.
std::string date(Random& random) {
  int day_of_year = static_cast<int>(random.below(365));
  const auto weekday = days[static_cast<std::size_t>((2 + day_of_year) % 7)];
  std::size_t month = 0;
  while (day_of_year >= month_days[month]) day_of_year -= month_days[month++];
  const auto seconds = random.below(86400);
  char text[64];  // 31 bytes, with room for what the compiler cannot rule out
  std::snprintf(text, sizeof text, "%.3s, %02d %.3s 2025 %02u:%02u:%02u +0000", weekday.data(), day_of_year + 1,
                months[month].data(), seconds / 3600, seconds / 60 % 60, seconds % 60);
  return text;
}

}  // namespace

std::span<const std::string_view> header_words() {
  static const auto all = [] {
    constexpr auto count = first_names.size() + last_names.size() + days.size() + months.size() + other_words.size();
    std::array<std::string_view, count> words{};
    auto at = words.begin();
    for (auto list : {std::span<const std::string_view>(first_names), std::span<const std::string_view>(last_names),
                      std::span<const std::string_view>(days), std::span<const std::string_view>(months),
                      std::span<const std::string_view>(other_words)})
      at = std::copy(list.begin(), list.end(), at);
    return words;
  }();
  return all;
}

void append_mail_header(std::string& out, Random& random, ProseWriter& prose) {
  auto first = pick(first_names, random), last = pick(last_names, random);
  auto to_first = pick(first_names, random), to_last = pick(last_names, random);
  out.append("From: ").append(first).append(" ").append(last);
  out.append(" <").append(ascii_lower(first)).append(".").append(ascii_lower(last)).append("@example.com>\n");
  out.append("To: ").append(ascii_lower(to_first)).append(".").append(ascii_lower(to_last)).append("@example.org\n");
  out.append("Subject:");
  prose.start_text();
  std::string piece;
  for (std::size_t room = subject_bytes;;) {
    piece.clear();
    auto written = prose.append_piece(piece, room);
    if (written == 0 || piece.find('\n') != std::string::npos) break;  // full, or the prose broke the line
    out.append(" ").append(piece.starts_with(' ') ? piece.substr(1) : piece);
    room -= written;
  }
  out.append("\nDate: ").append(date(random)).append("\n\n");
  prose.start_text();
}

}  // namespace pgasmr::datasets::detail
