#include "revindex/links.hpp"

#include <algorithm>

namespace pgasmr::apps::revindex {
namespace detail {

std::string_view quoted_value(std::string_view html, std::size_t& at) {
  auto skip_blanks = [&] {
    while (at < html.size() && is_blank(html[at])) ++at;
  };
  skip_blanks();
  if (at == html.size() || html[at] != '=') return {};
  ++at;
  skip_blanks();
  if (at == html.size() || (html[at] != '"' && html[at] != '\'')) return {};
  const char quote = html[at++];
  auto end = html.find(quote, at);
  if (end == std::string_view::npos) {  // no closing quote: the value, not a link, runs to the end
    at = html.size();
    return {};
  }
  auto value = html.substr(at, end - at);
  at = end + 1;
  if (value.find_first_of("\t\r\n") != std::string_view::npos) return {};
  return value;
}

}  // namespace detail

std::vector<std::string_view> distinct_links(std::string_view html) {
  std::vector<std::string_view> links;
  for_each_link(html, [&](std::string_view link) { links.push_back(link); });
  std::ranges::sort(links);
  // std::unique rather than ranges::unique, whose subrange clang 14 cannot use with libstdc++ 12
  // (the fuzz targets build with clang).
  links.erase(std::unique(links.begin(), links.end()), links.end());
  return links;
}

}  // namespace pgasmr::apps::revindex
