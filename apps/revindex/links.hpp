#pragma once
/// @file
/// The links of an HTML file, as the reverse index reads them. HTML is not parsed: a link is
/// any `href` attribute with a quoted value, wherever it appears (comments and scripts
/// included):
///  - `href` in any case (`HREF`, `Href`), at the start of the file or after an ASCII blank
///    (space, tab, CR, LF, form feed), so `data-href` and `xhref` are not links;
///  - then optional blanks, `=`, optional blanks, and a double or single quote;
///  - the link is every byte up to the next same quote, as is: no entity decoding, no blanks
///    trimmed, no URL resolution; case is kept.
/// Not links: an unquoted value (`href=x`), a value without its closing quote, an empty value,
/// and a value with a tab, CR or LF (they would break the output's lines). A quoted value that
/// is not a link is skipped whole, an `href` inside it unread: one without its closing quote
/// runs to the end of the file.

#include <string>
#include <string_view>
#include <vector>

namespace pgasmr::apps::revindex {

/// Calls on_link(std::string_view) for every link of `html`, in order, repeats included; the
/// views point into `html`.
template <class OnLink>
void for_each_link(std::string_view html, OnLink&& on_link);

/// The distinct links of `html`, sorted by bytes; views into `html`.
std::vector<std::string_view> distinct_links(std::string_view html);

namespace detail {
inline bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
inline char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

/// The link of an attribute whose name `href` ends just before `at`, or an empty view; `at`
/// moves past what was read.
std::string_view quoted_value(std::string_view html, std::size_t& at);
}  // namespace detail

template <class OnLink>
void for_each_link(std::string_view html, OnLink&& on_link) {
  for (std::size_t at = 0; at + 4 <= html.size();) {
    if (detail::lower(html[at]) != 'h' || (at > 0 && !detail::is_blank(html[at - 1])) ||
        detail::lower(html[at + 1]) != 'r' || detail::lower(html[at + 2]) != 'e' || detail::lower(html[at + 3]) != 'f') {
      ++at;
      continue;
    }
    at += 4;
    auto link = detail::quoted_value(html, at);
    if (!link.empty()) on_link(link);
  }
}

}  // namespace pgasmr::apps::revindex
