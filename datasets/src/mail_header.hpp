#pragma once
// The header of a generated mail: From, To, Subject and Date lines, then a blank line.

#include <span>
#include <string>
#include <string_view>

#include "prose_writer.hpp"
#include "random.hpp"

namespace pgasmr::datasets::detail {

/// The most bytes append_mail_header() writes.
inline constexpr std::size_t mail_header_max_bytes = 256;

/// Every word a header has besides its subject: field names, names, domains, days and months.
std::span<const std::string_view> header_words();

/// Appends a header: names and a date drawn with `random`, a subject of at most 60 bytes of
/// prose (one line) from `prose`, which then starts a new text for the body.
void append_mail_header(std::string& out, Random& random, ProseWriter& prose);

}  // namespace pgasmr::datasets::detail
