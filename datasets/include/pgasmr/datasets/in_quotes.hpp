#pragma once
/// @file
/// How error messages show a file name or a piece of an input: in single quotes, as the user
/// typed it, with control bytes escaped (\t, \r, \n, \xHH), so that a NUL does not cut the
/// message short and a carriage return does not overwrite it on a terminal.

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace pgasmr::datasets {

/// `text` with its control bytes escaped (\t, \r, \n, \xHH): also for the reports' lines
/// that quote an input (a link, a matching line), which a terminal would otherwise obey.
std::string escaped(std::string_view text);
std::string in_quotes(std::string_view text);
inline std::string in_quotes(const std::string& text) { return in_quotes(std::string_view(text)); }
inline std::string in_quotes(const std::filesystem::path& path) { return in_quotes(std::string_view(path.native())); }

/// The first `most` bytes of `text`, escaped, followed by "... (N bytes)" when it is longer: for
/// the reports' lines and messages that quote an input that may be megabytes long (a word, a
/// link, a line).
std::string excerpt(std::string_view text, std::size_t most = 100);

}  // namespace pgasmr::datasets
