#include <pgasmr/datasets/integer_table.hpp>

#include <charconv>
#include <string>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

#include "trim_blanks.hpp"

namespace pgasmr::datasets {
namespace {

/// The position of error messages: "'name' line 7".
struct Place {
  std::string_view name;
  std::size_t line = 0;

  [[noreturn]] void fail(const std::string& why) const {
    throw input_error(in_quotes(name) + " line " + std::to_string(line) + ": " + why);
  }
};

std::int64_t parse_field(std::string_view raw, const Place& place) {
  auto field = detail::trim_blanks(raw);
  // from_chars takes no '+'; CSV writers may put one.
  auto digits = field.starts_with('+') ? field.substr(1) : field;
  std::int64_t value = 0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || digits.starts_with('-') != field.starts_with('-') || end != digits.data() + digits.size())
    place.fail(field.empty() ? std::string("an empty field") : in_quotes(field) + " is not an integer");
  if (error == std::errc::result_out_of_range) place.fail(in_quotes(field) + " does not fit in 64 bits");
  if (error != std::errc{}) place.fail(in_quotes(field) + " is not an integer");
  return value;
}

}  // namespace

IntegerTable parse_integer_csv(std::string_view text, std::string_view name) {
  IntegerTable table;
  Place place{name, 0};
  // Spreadsheets save "CSV UTF-8" with one; invisible on a terminal, it would make the first
  // field read "'1' is not an integer".
  if (text.starts_with("\xef\xbb\xbf"))
    Place{name, 1}.fail("the file starts with a UTF-8 byte-order mark (bytes EF BB BF); save it without one");
  while (!text.empty()) {
    ++place.line;
    auto newline = text.find('\n');
    auto line = text.substr(0, newline);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (detail::trim_blanks(line).empty()) place.fail("an empty line");
    std::size_t columns = 0;
    for (std::size_t begin = 0;; ++columns) {
      auto comma = line.find(',', begin);
      table.values.push_back(parse_field(line.substr(begin, comma - begin), place));
      if (comma == std::string_view::npos) break;
      begin = comma + 1;
    }
    ++columns;
    if (table.rows == 0) table.columns = columns;
    if (columns != table.columns)
      place.fail(std::to_string(columns) + " fields where the first line has " + std::to_string(table.columns));
    ++table.rows;
  }
  if (table.rows == 0) throw input_error(in_quotes(name) + " has no rows");
  return table;
}

IntegerTable read_integer_csv(const std::filesystem::path& path) {
  MappedFile file(path, Prefetch::populate);
  return file.read_checked([&] { return parse_integer_csv(file.text(), path.native()); });
}

}  // namespace pgasmr::datasets
